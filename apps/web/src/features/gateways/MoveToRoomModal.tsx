import { Alert, App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayCalls, refusal } from './api';

/** Special value of the room picker: take the devices out of every room. */
const OUT = -1;

/** Places the selected devices of a site in one room (or out of every room), all or nothing on the server. */
export function MoveToRoomModal(props: {
  open: boolean;
  projectId: number;
  deviceIds: number[];
  rooms: Array<{ value: number; label: string }>;
  onClose: (moved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [room, setRoom] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (room === null) return;
    setSaving(true);
    setError(null);
    try {
      const r = await gatewayCalls.moveDevices({ project_id: props.projectId, device_ids: props.deviceIds, room_id: room === OUT ? null : room });
      message.success(t('gateways.room.moved', { count: r.moved }));
      setRoom(null);
      props.onClose(true);
    } catch (e) {
      setError(refusal(e).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('gateways.room.moveTitle', { count: props.deviceIds.length })}
      onCancel={() => props.onClose(false)}
      onOk={() => void save()}
      okButtonProps={{ disabled: room === null, 'data-testid': 'move-devices-ok' }}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical">
        <Form.Item label={t('gateways.room.field')}>
          <Select value={room ?? undefined} onChange={setRoom} options={[...props.rooms, { value: OUT, label: t('gateways.room.out') }]} data-testid="move-devices-room" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
