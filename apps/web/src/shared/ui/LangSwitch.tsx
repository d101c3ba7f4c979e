import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLang, type Lang } from '../i18n';

/**
 * zh / en switch; the choice is kept in localStorage 'gridops-lang'. Inside the console the shell also passes
 * `onPicked`, which stores the choice on the server (the user's language preference).
 */
export function LangSwitch({ size = 'middle', onPicked }: { size?: 'small' | 'middle' | 'large'; onPicked?: (lang: Lang) => void }) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Segmented<Lang>
      size={size}
      data-testid="lang-switch"
      value={lang}
      onChange={(v) => {
        void setLang(v);
        onPicked?.(v);
      }}
      options={[
        { label: <span data-testid="lang-zh" lang="zh" data-endonym>中文</span>, value: 'zh' },
        { label: <span data-testid="lang-en">EN</span>, value: 'en' },
      ]}
    />
  );
}
