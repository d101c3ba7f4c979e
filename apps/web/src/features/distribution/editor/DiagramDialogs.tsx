import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface DiagramNames {
  name: string;
  name_en: string;
  from_devices: boolean;
}

/** New diagram (with "start from the room's devices") or rename: zh and en names. */
export function DiagramNameDialog({ mode, open, initial, onCancel, onSubmit }: { mode: 'new' | 'rename'; open: boolean; initial?: { name: string; name_en: string }; onCancel: () => void; onSubmit: (v: DiagramNames) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DiagramNames>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial?.name ?? '', name_en: initial?.name_en ?? '', from_devices: false });
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={t(mode === 'new' ? 'distribution.editor.newTitle' : 'distribution.editor.renameTitle')}
      onCancel={onCancel}
      okButtonProps={{ id: 'sld-name-ok' }}
      onOk={async () => onSubmit(await form.validateFields())}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label={t('distribution.editor.name')} rules={[{ required: true, whitespace: true, message: t('distribution.editor.nameRequired') }]}>
          <Input maxLength={60} data-testid="sld-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('distribution.editor.nameEn')}>
          <Input maxLength={60} data-testid="sld-name-en" />
        </Form.Item>
        {mode === 'new' && (
          <Form.Item name="from_devices" valuePropName="checked">
            <Checkbox data-testid="sld-from-devices">{t('distribution.editor.fromDevices')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** "Generate draft": which room to draw (the editor's room by default); the draft is not stored until saved. */
export function DraftDialog({ open, rooms, room, onCancel, onSubmit }: { open: boolean; rooms: { id: number; name: string }[]; room: number | null; onCancel: () => void; onSubmit: (roomId: number) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ room_id: number }>();
  useEffect(() => {
    if (open && room !== null) form.setFieldsValue({ room_id: room });
  }, [open, room, form]);
  return (
    <Modal
      open={open}
      title={t('distribution.editor.draftTitle')}
      okText={t('distribution.editor.draftOk')}
      onCancel={onCancel}
      okButtonProps={{ id: 'sld-draft-ok' }}
      onOk={async () => onSubmit((await form.validateFields()).room_id)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="room_id" label={t('distribution.editor.draftRoom')} rules={[{ required: true }]} extra={t('distribution.editor.draftHint')}>
          <Select data-testid="sld-draft-room" options={rooms.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
