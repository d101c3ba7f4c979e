import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLang, type Lang } from '../i18n';

/** zh / en switch; the choice is kept in localStorage 'gridops-lang'. */
export function LangSwitch({ size = 'middle' }: { size?: 'small' | 'middle' | 'large' }) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Segmented<Lang>
      size={size}
      data-testid="lang-switch"
      value={lang}
      onChange={(v) => void setLang(v)}
      options={[
        { label: <span data-testid="lang-zh">中文</span>, value: 'zh' },
        { label: <span data-testid="lang-en">EN</span>, value: 'en' },
      ]}
    />
  );
}
