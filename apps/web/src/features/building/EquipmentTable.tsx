import type { LiveEquipment } from '@gridops/contract';
import { Button, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { localName } from '../../shared/ui/localName';
import type { Target } from '../distribution/control/machine';
import { ScheduleEditor, scheduleText } from './ScheduleEditor';

/** The values worth a column per kind of unit, in the order they read best. */
const SHOWN: Record<string, [key: string, unit: string, precision: number][]> = {
  chiller: [['t_chw_supply', '°C', 1], ['t_chw_return', '°C', 1], ['t_cw_in', '°C', 1], ['load_pct', '%', 0], ['cooling_kw', 'kW', 0], ['COP', '', 2]],
  hvac_pump: [['freq', 'Hz', 1], ['flow', 'm³/h', 0]],
  ahu: [['t_supply_air', '°C', 1], ['t_return_air', '°C', 1], ['fan_freq', 'Hz', 1]],
  vrf_outdoor: [['t_outdoor', '°C', 1], ['load_pct', '%', 0]],
  elevator: [['floor', '', 0]],
  water_tank: [['level_pct', '%', 1], ['level_m', 'm', 2]],
};

/** State tag: running, stopped, fault (or unknown before the first reading). */
function StateTag({ e }: { e: LiveEquipment }) {
  const { t } = useTranslation();
  const v = e.values;
  const state = v.fault === 1 ? 'fault' : v.run === undefined || v.run === null ? (v.level_pct !== undefined ? null : 'unknown') : v.run >= 0.5 ? 'running' : 'stopped';
  if (state === null) return null;
  const colour = { fault: 'red', running: 'green', stopped: 'default', unknown: 'default' }[state];
  return (
    <Tag color={colour} data-testid="equipment-state" data-state={state}>
      {t(`building.page.${state}`)}
    </Tag>
  );
}

/**
 * Units with their live values and, for an operator, on/off and the set-point (select-before-operate: the
 * choice goes to `onSelect`, the page's control dialog asks for the password).
 */
export function EquipmentTable({ rows, canControl, busy, onSelect, testId }: { rows: LiveEquipment[]; canControl: boolean; busy: boolean; onSelect: (t: Target) => void; testId: string }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const lang = i18n.language;
  const [draft, setDraft] = useState<Record<number, number | null>>({});
  const name = (e: LiveEquipment) => localName(e, lang);
  const readings = (e: LiveEquipment) =>
    (SHOWN[e.device_kind ?? ''] ?? [])
      .filter(([k]) => e.values[k] !== undefined)
      .map(([k, unit, p]) => (
        <span key={k} style={{ marginRight: 10, whiteSpace: 'nowrap' }} data-testid={`value-${k}`} data-value={e.values[k] ?? ''}>
          <span style={{ opacity: 0.6 }}>{t(`building.point.${k}`)}</span> {f.unit(e.values[k] ?? null, unit, { precision: p }).text}
        </span>
      ));
  return (
    <Table<LiveEquipment>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      data-testid={testId}
      scroll={{ x: 900 }}
      onRow={(e) => ({ 'data-testid': `unit-${e.device_kind ?? 'none'}-${e.id}`, 'data-name': e.name_en }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('building.name'), key: 'name', width: 170, render: (_, e) => name(e) },
        { title: t('building.floor'), key: 'floor', width: 70, render: (_, e) => e.floor ?? '-' },
        { title: t('building.page.state'), key: 'state', width: 80, render: (_, e) => <StateTag e={e} /> },
        { title: t('building.page.electric'), key: 'p', width: 90, align: 'right', render: (_, e) => (e.values.P === undefined ? '-' : f.unit(e.values.P, 'kW', { precision: 1 }).text) },
        { title: '', key: 'values', render: (_, e) => readings(e) },
        {
          title: t('building.page.schedule'),
          key: 'schedule',
          width: canControl ? 190 : 130,
          render: (_, e) =>
            e.schedule === null ? (
              '-'
            ) : (
              <ScheduleEditor
                unitId={e.id}
                schedule={e.schedule}
                canControl={canControl && e.device_id !== null}
                busy={busy}
                onSend={(schedule) => onSelect({ deviceId: e.device_id!, name: name(e), action: 'schedule', schedule, detail: t('building.page.scheduleTo', { text: scheduleText(schedule, t) }) })}
              />
            ),
        },
        {
          title: t('building.page.setpoint'),
          key: 'sp',
          width: canControl ? 330 : 110,
          render: (_, e) => {
            const sp = e.setpoint;
            const current = sp ? (e.values[sp.key] ?? null) : null;
            const shown = sp ? <span data-testid="setpoint-value" data-value={current ?? ''}>{f.unit(current, '°C', { precision: 1 }).text}</span> : '-';
            if (!canControl || (!e.switchable && !sp) || e.device_id === null) return shown;
            const value = draft[e.id] ?? current;
            const label = name(e);
            return (
              <Space wrap size={4}>
                {shown}
                {e.switchable &&
                  (['on', 'off'] as const).map((a) => (
                    <Button key={a} size="small" disabled={busy} data-testid={`op-${e.id}-${a}`} onClick={() => onSelect({ deviceId: e.device_id!, name: label, action: a })}>
                      {t(`building.page.${a}`)}
                    </Button>
                  ))}
                {sp && (
                  <Space.Compact size="small">
                    <InputNumber size="small" style={{ width: 76 }} min={sp.min} max={sp.max} step={sp.step} value={value} onChange={(v) => setDraft((d) => ({ ...d, [e.id]: typeof v === 'number' ? v : null }))} data-testid={`sp-input-${e.id}`} aria-label={t(`building.point.${sp.key}`)} />
                    <Button
                      size="small"
                      disabled={busy || value === null}
                      data-testid={`sp-set-${e.id}`}
                      onClick={() => value !== null && onSelect({ deviceId: e.device_id!, name: label, action: 'setpoint', value, detail: t('distribution.control.setpointTo', { name: t(`building.point.${sp.key}`), value: f.number(value, 1), unit: '°C' }) })}
                    >
                      {t('building.page.set')}
                    </Button>
                  </Space.Compact>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
