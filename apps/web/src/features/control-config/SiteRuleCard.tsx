import type { ControlConfig } from '@gridops/contract';
import { App, Button, Card, InputNumber, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlConfigCalls, useInvalidateControlConfig } from './api';

/** The site-wide two-person rule: every breaker above N kV (an unknown voltage counts as above). */
export function SiteRuleCard({ projectId, site }: { projectId: number; site: ControlConfig['site'] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidateControlConfig();
  const [kv, setKv] = useState<number>(site.two_person_above_kv ?? 6);
  const save = async (value: number | null) => {
    try {
      await controlConfigCalls.saveSite({ project_id: projectId, two_person_above_kv: value, version: site.version });
      message.success(t('controlConfig.saved'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
    await invalidate();
  };
  const on = site.two_person_above_kv !== null;
  return (
    <Card size="small" title={t('controlConfig.siteRule')} data-testid="control-site-rule">
      <Space wrap>
        <Switch checked={on} onChange={(v) => void save(v ? kv : null)} data-testid="control-site-rule-switch" />
        <span>{t('controlConfig.siteRuleAbove')}</span>
        <InputNumber min={0} max={1000} step={0.1} value={kv} onChange={(v) => setKv(v ?? 0)} addonAfter="kV" style={{ width: 130 }} data-testid="control-site-rule-kv" />
        {on && kv !== site.two_person_above_kv ? (
          <Button size="small" onClick={() => void save(kv)}>
            {t('controlConfig.apply')}
          </Button>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('controlConfig.siteRuleHint')}
      </Typography.Paragraph>
    </Card>
  );
}
