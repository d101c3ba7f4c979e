import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeafHandle } from './useLeafHandle';

/**
 * The frame of a page whose content another piece of work builds: it names what will appear here, in the
 * user's language, rather than a vague "coming soon".
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const key = useLeafHandle()?.key ?? '';
  const title = t(`pages.${key}.title`);
  // Group pages have no sentence of their own (the catalogue leaves it out): an empty one, not the key.
  const what = t(`pages.${key}.what`, { defaultValue: '' });
  return (
    <Card data-testid="page-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="page-empty-what">
              {t('shell.empty.what', { title, what })}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('shell.empty.hint')}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
