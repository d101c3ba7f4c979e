import type { RealtimeResponse, SldElement } from '@gridops/contract';
import { Button, Descriptions, Empty, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import type { EditorAction, ElementPatch } from './history';

type Device = RealtimeResponse['rooms'][number]['devices'][number];
const LIVE_KEYS = ['breaker', 'P', 'Ia', 'Ua', 'U', 'load_rate'];

/** A text field that commits on blur or Enter: one undo step per edit, not per keystroke. */
function TextField({ value, onCommit, testId }: { value: string; onCommit: (v: string) => void; testId: string }) {
  return (
    <Input
      key={value}
      defaultValue={value}
      maxLength={60}
      data-testid={testId}
      onBlur={(e) => e.target.value !== value && onCommit(e.target.value)}
      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
    />
  );
}

/** What the selected symbol is: names, device binding (with the bound device's live values), kind-specific fields. */
export function Inspector({ element, wire, rooms, dispatch, readOnly }: { element: SldElement | null; wire: { from: string; to: string } | null; rooms: RealtimeResponse['rooms']; dispatch: Dispatch<EditorAction>; readOnly: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const devices = rooms.flatMap((r) => r.devices.map((d) => ({ ...d, room: r.name })));
  const boundId = element && 'device_id' in element ? element.device_id : null;
  const bound: (Device & { room: string }) | undefined = devices.find((d) => d.id === boundId);
  const patch = (p: ElementPatch) => element && dispatch({ type: 'update', id: element.id, patch: p });

  const body = () => {
    if (wire) {
      return (
        <>
          <Typography.Paragraph>{t('distribution.editor.wire', { from: wire.from, to: wire.to })}</Typography.Paragraph>
          {!readOnly && (
            <Button danger size="small" data-testid="sld-delete-wire" onClick={() => dispatch({ type: 'remove', ids: [], wires: [wire] })}>
              {t('distribution.editor.deleteWire')}
            </Button>
          )}
        </>
      );
    }
    if (!element) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ fontSize: 12 }}>{t('distribution.editor.inspectorHint')}</span>} />;
    return (
      <Form layout="vertical" size="small" disabled={readOnly} data-testid="sld-inspector-form">
        <Form.Item label={t('distribution.editor.id')}>
          <Typography.Text code>{element.id}</Typography.Text> <Typography.Text type="secondary">{t(`distribution.editor.kind.${element.type}`)}</Typography.Text>
        </Form.Item>
        <Form.Item label={t('distribution.editor.label')}>
          <TextField value={element.label} testId="sld-label" onCommit={(v) => patch({ label: v })} />
        </Form.Item>
        <Form.Item label={t('distribution.editor.labelEn')}>
          <TextField value={element.label_en} testId="sld-label-en" onCommit={(v) => patch({ label_en: v })} />
        </Form.Item>
        {'device_id' in element && (
          <Form.Item label={t('distribution.editor.device')} extra={t('distribution.editor.liveHint')}>
            <Select
              data-testid="sld-device"
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder={t('distribution.editor.noDevice')}
              value={element.device_id ?? undefined}
              onChange={(v: number | undefined) => patch({ device_id: v ?? null })}
              options={rooms.filter((r) => r.devices.length).map((r) => ({ label: r.name, title: r.name, options: r.devices.map((d) => ({ value: d.id, label: `${d.name} (${d.sn})` })) }))}
            />
          </Form.Item>
        )}
        {element.type === 'busbar' && (
          <>
            <Form.Item label={t('distribution.editor.voltage')}>
              <InputNumber min={0.1} max={1000} step={0.1} value={element.voltage_kv} onChange={(v) => v && patch({ voltage_kv: v })} data-testid="sld-voltage" />
            </Form.Item>
            <Form.Item label={t('distribution.editor.length')}>
              <InputNumber min={20} max={5000} step={10} value={element.length} onChange={(v) => v && patch({ length: Math.round(v / 10) * 10 })} data-testid="sld-length" />
            </Form.Item>
            <Form.Item label={t('distribution.editor.orientation')}>
              <Select
                value={element.orientation}
                onChange={(v: 'h' | 'v') => patch({ orientation: v })}
                options={[
                  { value: 'h', label: t('distribution.editor.horizontal') },
                  { value: 'v', label: t('distribution.editor.vertical') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {(element.type === 'transformer' || element.type === 'ct' || element.type === 'pt') && (
          <Form.Item label={t('distribution.editor.ratio')}>
            <TextField value={element.ratio} testId="sld-ratio" onCommit={(v) => patch({ ratio: v.slice(0, 30) })} />
          </Form.Item>
        )}
        {bound && (
          <Descriptions size="small" column={1} title={<span style={{ fontSize: 12 }}>{t('distribution.editor.live')}</span>} data-testid="sld-live">
            {bound.points
              .filter((p) => LIVE_KEYS.includes(p.key))
              .map((p) => (
                <Descriptions.Item key={p.id} label={p.name}>
                  {p.value === null ? '-' : p.key === 'breaker' ? t(`distribution.diagram.breaker.${p.value >= 0.5 ? 'closed' : 'open'}`) : f.unit(p.value, p.unit, { precision: p.precision }).text}
                </Descriptions.Item>
              ))}
          </Descriptions>
        )}
        {!readOnly && (
          <Button danger size="small" style={{ marginTop: 8 }} data-testid="sld-delete-element" onClick={() => dispatch({ type: 'remove', ids: [element.id] })}>
            {t('distribution.editor.deleteElement')}
          </Button>
        )}
      </Form>
    );
  };

  return (
    <div data-testid="sld-inspector" style={{ width: 260, flex: 'none' }}>
      <Typography.Text strong>{t('distribution.editor.inspector')}</Typography.Text>
      <div style={{ marginTop: 8 }}>{body()}</div>
    </div>
  );
}
