import type { GatewayDeviceRow } from '@gridops/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName } from '../../shared/ui/localName';
import { useDictionary } from '../dictionary/store';

/** The device and every device hanging under it: none of them may become its upstream device (a cycle). */
function subtree(devices: readonly GatewayDeviceRow[], root: number | undefined): Set<number> {
  const out = new Set<number>();
  if (root === undefined) return out;
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const d of devices) if (d.parent_id === id) stack.push(d.id);
  }
  return out;
}

/**
 * The upstream device of the add/edit dialog (devices.parent_id): a meter's breaker, a feeder's transformer. The
 * choices are the site's devices in the room picked above (all of them while no room is picked), never the device
 * itself or one below it; the server checks the same (gateways/deviceParent.ts).
 */
export function ParentDeviceField({ devices, selfId, roomId, current }: { devices: readonly GatewayDeviceRow[]; selfId?: number; roomId?: number | null; current?: number | null }) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const below = subtree(devices, selfId);
  const options = devices
    .filter((d) => !below.has(d.id) && (d.id === current || roomId === undefined || roomId === null || d.room_id === roomId))
    .map((d) => ({ value: d.id, label: `${localName(d, i18n.language)} · ${d.sn} · ${dict.label('deviceKind', d.kind)}` }));
  return (
    <Form.Item name="parent_id" label={t('gateways.parent.field')} extra={t('gateways.parent.help')}>
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={options} placeholder={t('gateways.parent.none')} data-testid="device-parent" />
    </Form.Item>
  );
}
