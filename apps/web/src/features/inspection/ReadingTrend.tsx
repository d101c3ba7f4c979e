import { Card, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../shared/charts';
import { localText } from '../../shared/ui/localName';
import { usePlans, useReadings, useTemplates } from './api';
import { buildReadingOption } from './readingChart';

/** A checkpoint reading over time: pick plan checkpoint + reading item, see the submitted values against the range. */
export function ReadingTrend({ projectId, zone }: { projectId: number; zone: string }) {
  const { t, i18n } = useTranslation();
  const plans = usePlans(projectId);
  const templates = useTemplates(projectId);
  const choices = useMemo(() => {
    const out: { value: string; label: string; plan_id: number; seq: number; item_key: string; name: string }[] = [];
    for (const p of plans.data ?? [])
      p.checkpoints.forEach((c, seq) => {
        const tpl = templates.data?.find((x) => x.id === c.template_id);
        for (const item of tpl?.items ?? [])
          if (item.kind === 'reading') {
            const name = localText(item.name, item.name_en, i18n.language);
            out.push({ value: `${p.id}:${seq}:${item.key}`, label: `${localText(p.name, p.name_en, i18n.language)} · ${localText(c.name, c.name_en, i18n.language)} · ${name}`, plan_id: p.id, seq, item_key: item.key, name });
          }
      });
    return out;
  }, [plans.data, templates.data, i18n.language]);
  const [picked, setPicked] = useState<string | null>(null);
  const current = choices.find((c) => c.value === picked) ?? choices[0];
  const readings = useReadings(current ? { plan_id: current.plan_id, seq: current.seq, item_key: current.item_key } : null);
  const option = readings.data && current ? buildReadingOption({ ...readings.data, name: current.name, zone, rangeLabel: t('inspection.range'), noDataLabel: t('inspection.noData') }) : null;
  return (
    <Card
      size="small"
      title={t('inspection.trend')}
      extra={
        <Space>
          <Select style={{ width: 420, maxWidth: '60vw' }} value={current?.value} options={choices} placeholder={t('inspection.pickReading')} onChange={setPicked} data-testid="trend-pick" />
        </Space>
      }
    >
      {option ? <Chart option={option} height={260} empty={readings.data?.points.length === 0} /> : <Chart option={{}} height={260} empty loading={readings.isLoading} />}
    </Card>
  );
}
