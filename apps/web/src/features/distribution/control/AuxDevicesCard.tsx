import { Alert, Badge, Button, Card, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import type { AuxTarget } from '../api';
import type { Target } from './machine';

/** The room's auxiliary devices: state, power, set-point, and (with control permission) on/off and 遥调. */
export function AuxDevicesCard(props: { rows: AuxTarget[]; canControl: boolean; busy: boolean; onSelect: (target: Target) => void; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  // The value typed per device; defaults to the device's current set-point.
  const [draft, setDraft] = useState<Record<number, number | null>>({});
  const setpointTarget = (r: AuxTarget): Target | null => {
    const sp = r.setpoint;
    const value = draft[r.device_id] ?? sp?.value ?? null;
    if (!sp || value === null) return null;
    return { deviceId: r.device_id, name: r.name, action: 'setpoint', value, detail: t('distribution.control.setpointTo', { name: sp.name, value: f.number(value, sp.step < 1 ? 1 : 0), unit: sp.unit }) };
  };
  return (
    <Card title={t('distribution.aux.devices')} extra={<span style={{ opacity: 0.7, fontSize: 12 }}>{t('distribution.aux.sbo')}</span>} data-testid="aux-devices">
      {!props.canControl && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('distribution.aux.readOnly')} data-testid="aux-read-only" />}
      {props.children ?? (
        <Table<AuxTarget>
          size="small"
          rowKey="device_id"
          pagination={false}
          dataSource={props.rows}
          onRow={(r) => ({ 'data-testid': `aux-device-${r.device_id}`, 'data-kind': r.kind, 'data-running': String(r.running) }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('distribution.aux.room'), dataIndex: 'room_name', width: 170, ellipsis: true },
            { title: t('distribution.control.target'), dataIndex: 'name', ellipsis: true },
            { title: t('distribution.control.kind'), dataIndex: 'kind', width: 120, render: (v: string) => t(`distribution.kind.${v}`, { defaultValue: v }) },
            {
              title: t('distribution.control.state'),
              dataIndex: 'running',
              width: 90,
              render: (v: boolean | null) => (
                <Tag color={v === null ? 'default' : v ? 'red' : 'green'} data-testid="aux-state" data-state={String(v)}>
                  {t(v === null ? 'distribution.aux.unknown' : v ? 'distribution.aux.running' : 'distribution.aux.stopped')}
                </Tag>
              ),
            },
            { title: t('distribution.aux.power'), dataIndex: 'power_kw', width: 100, align: 'right', render: (v: number | null) => f.unit(v, 'kW', { precision: 2 }).text },
            {
              title: t('distribution.aux.setpoint'),
              key: 'sp',
              width: 210,
              render: (_: unknown, r: AuxTarget) =>
                r.setpoint ? (
                  <span data-testid="aux-setpoint" data-value={r.setpoint.value ?? ''} title={t('distribution.aux.range', { min: r.setpoint.min, max: r.setpoint.max, unit: r.setpoint.unit })}>
                    {r.setpoint.name} {f.unit(r.setpoint.value, r.setpoint.unit, { precision: r.setpoint.step < 1 ? 1 : 0 }).text}
                  </span>
                ) : (
                  '-'
                ),
            },
            { title: t('distribution.control.gateway'), dataIndex: 'gateway_online', width: 100, render: (v: boolean) => <Badge status={v ? 'success' : 'error'} text={t(v ? 'distribution.index.online' : 'distribution.index.offline')} /> },
            ...(props.canControl
              ? [
                  {
                    title: t('distribution.control.operate'),
                    key: 'op',
                    width: 330,
                    render: (_: unknown, r: AuxTarget) => {
                      const disabled = !r.gateway_online || props.busy;
                      const sp = setpointTarget(r);
                      return (
                        <Space wrap>
                          {(r.running === true ? ['off'] : r.running === false ? ['on'] : ['on', 'off']).map((a) => (
                            <Button key={a} size="small" type={a === 'on' ? 'primary' : 'default'} disabled={disabled} data-testid={`aux-op-${r.device_id}-${a}`} onClick={() => props.onSelect({ deviceId: r.device_id, name: r.name, action: a as 'on' | 'off' })}>
                              {t(`distribution.control.action.${a}`)}
                            </Button>
                          ))}
                          {r.setpoint && (
                            <Space.Compact size="small">
                              <InputNumber
                                size="small"
                                style={{ width: 90 }}
                                min={r.setpoint.min}
                                max={r.setpoint.max}
                                step={r.setpoint.step}
                                value={draft[r.device_id] ?? r.setpoint.value}
                                onChange={(v) => setDraft((d) => ({ ...d, [r.device_id]: typeof v === 'number' ? v : null }))}
                                data-testid={`aux-sp-input-${r.device_id}`}
                                aria-label={r.setpoint.name}
                              />
                              <Button size="small" disabled={disabled || sp === null} data-testid={`aux-sp-set-${r.device_id}`} onClick={() => sp && props.onSelect(sp)}>
                                {t('distribution.aux.set')}
                              </Button>
                            </Space.Compact>
                          )}
                        </Space>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}
