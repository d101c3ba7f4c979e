import type { AlarmRuleList, AlarmRulePreview, SimulatedEvent } from '@gridops/contract';
import { Button, Card, Select, Space, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTimeSeriesOption, Chart, useChartLocale } from '../../shared/charts';
import { localName } from '../../shared/ui/localName';
import { previewChartInput } from './charts';
import { durationText, siteTime } from './labels';

/** The preview: choose a device, run the draft over its 7 days of history, see counts, timeline and events. */
export function PreviewPanel({
  devices,
  timezone,
  result,
  draft,
  run,
}: {
  devices: AlarmRuleList['devices'];
  timezone: string;
  result: AlarmRulePreview | null;
  draft: { kind: string; threshold: number };
  run: (deviceId: number) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const locale = useChartLocale();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen =
    deviceId !== null && devices.some((d) => d.id === deviceId) ? deviceId : (devices[0]?.id ?? null);
  const option = useMemo(
    () =>
      result
        ? buildTimeSeriesOption(previewChartInput(result, draft, locale.t, timezone), {
            ...locale,
            tz: timezone,
          })
        : null,
    [result, draft, locale, timezone],
  );
  const count = (events: SimulatedEvent[] | null) =>
    events === null ? t('alarmRules.preview.none') : t('alarmRules.preview.events', { count: events.length });
  return (
    <Card size="small" title={t('alarmRules.preview.title')} data-testid="alarm-rule-preview">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('alarmRules.preview.device')}</span>
        <Select
          style={{ minWidth: 240 }}
          value={chosen ?? undefined}
          onChange={setDeviceId}
          options={devices.map((d) => ({ value: d.id, label: localName(d, lang) }))}
          placeholder={t('alarmRules.preview.needDevice')}
        />
        <Button
          disabled={chosen === null}
          loading={busy}
          data-testid="alarm-rule-preview-run"
          onClick={async () => {
            if (chosen === null) return;
            setBusy(true);
            try {
              await run(chosen);
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('alarmRules.preview.run')}
        </Button>
      </Space>
      {result && (
        <>
          <Space size={48} style={{ marginBottom: 8 }}>
            <Statistic
              title={t('alarmRules.preview.draft')}
              value={count(result.draft)}
              data-testid="preview-draft-count"
              data-count={result.draft.length}
            />
            <Statistic
              title={t('alarmRules.preview.current')}
              value={count(result.current)}
              data-testid="preview-current-count"
            />
            <Typography.Text type="secondary">
              {t('alarmRules.preview.samples', {
                count: result.samples,
                source: t(`alarmRules.preview.source.${result.source}`),
              })}
            </Typography.Text>
          </Space>
          {option && <Chart option={option} height={220} ariaLabel={t('alarmRules.preview.title')} />}
          <Table<SimulatedEvent>
            size="small"
            rowKey="raised_at"
            pagination={{ pageSize: 5, hideOnSinglePage: true }}
            dataSource={result.draft}
            locale={{ emptyText: t('alarmRules.preview.none') }}
            columns={[
              {
                title: t('alarmRules.preview.raisedAt'),
                dataIndex: 'raised_at',
                render: (s: string) => siteTime(s, timezone),
              },
              {
                title: t('alarmRules.preview.clearedAt'),
                dataIndex: 'cleared_at',
                render: (s: string | null) =>
                  s ? siteTime(s, timezone) : t('alarmRules.preview.stillActive'),
              },
              {
                title: t('alarmRules.preview.duration'),
                dataIndex: 'duration_s',
                render: (s: number) => durationText(s, lang),
              },
              {
                title: t('alarmRules.preview.value'),
                dataIndex: 'value',
                render: (x: number | null) => (x === null ? '—' : `${x} ${result.unit}`),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
