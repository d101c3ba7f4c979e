import { TOU_BANDS, type TariffMonth } from '@gridops/contract';
import { Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { semanticColors } from '../../shared/theme/palette';
import { hourBands } from './touGrid';

/** Twelve rows (months) of 24 cells (local hours), each coloured by the band that holds most of the hour. */
export function TouGridView({ months, cell = 9, testId }: { months: TariffMonth[]; cell?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <div style={{ display: 'grid', gridTemplateColumns: `22px repeat(24, ${cell}px)`, gap: 1, fontSize: 10, lineHeight: `${cell}px` }}>
        {months.map((m) => [
          <span key={`l${m.month}`} style={{ opacity: 0.6, textAlign: 'right', paddingRight: 3 }}>{m.month}</span>,
          ...hourBands(m).map((b, h) => (
            <Tooltip key={`${m.month}-${h}`} title={`${m.month} · ${String(h).padStart(2, '0')}:00 ${b ? t(`charts.tou.${b}`) : ''}`}>
              <span style={{ width: cell, height: cell, background: b ? semanticColors.tou[b] : '#d9d9d9', display: 'inline-block' }} />
            </Tooltip>
          )),
        ])}
      </div>
      <Space size={10} style={{ marginTop: 4, fontSize: 12 }}>
        {TOU_BANDS.map((b) => (
          <span key={b}>
            <span style={{ display: 'inline-block', width: 10, height: 10, marginRight: 4, background: semanticColors.tou[b] }} />
            {t(`charts.tou.${b}`)}
          </span>
        ))}
      </Space>
    </div>
  );
}
