import { WO_PHOTOS_MAX } from '@gridops/contract';
import { CameraOutlined, CloseCircleFilled } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resizePhoto } from './photo';

export interface ResolveValues {
  cause: string;
  action_taken: string;
  parts: string;
  photos: string[];
}

/** Cause, action, parts and photos from the phone's camera (resized before upload). Big touch targets. */
export function ResolveForm({ onSubmit, loading, large = false }: { onSubmit: (v: ResolveValues) => void; loading: boolean; large?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Omit<ResolveValues, 'photos'>>();
  const [photos, setPhotos] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const size = large ? 'large' : 'middle';

  const add = async (files: FileList | null) => {
    for (const f of Array.from(files ?? []).slice(0, WO_PHOTOS_MAX - photos.length)) {
      try {
        const b64 = await resizePhoto(f);
        setPhotos((p) => [...p, b64].slice(0, WO_PHOTOS_MAX));
      } catch {
        void message.error(t('workorders.photos'));
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <Form form={form} layout="vertical" data-testid="wo-resolve-form" onFinish={(v) => onSubmit({ cause: v.cause, action_taken: v.action_taken, parts: v.parts ?? '', photos })}>
      <Form.Item name="cause" label={t('workorders.cause')} rules={[{ required: true, whitespace: true, message: t('workorders.required') }]}>
        <Input.TextArea rows={2} maxLength={1000} size={size} data-testid="wo-cause" />
      </Form.Item>
      <Form.Item name="action_taken" label={t('workorders.actionTaken')} rules={[{ required: true, whitespace: true, message: t('workorders.required') }]}>
        <Input.TextArea rows={2} maxLength={1000} size={size} data-testid="wo-action-taken" />
      </Form.Item>
      <Form.Item name="parts" label={t('workorders.parts')}>
        <Input maxLength={500} size={size} data-testid="wo-parts" />
      </Form.Item>
      <Form.Item label={t('workorders.photos')}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {photos.map((p, i) => (
            <div key={i} style={{ position: 'relative' }}>
              <img src={`data:image/jpeg;base64,${p}`} alt="" data-testid="wo-photo-preview" style={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 6 }} />
              <CloseCircleFilled onClick={() => setPhotos((ps) => ps.filter((_, j) => j !== i))} style={{ position: 'absolute', top: -6, right: -6, fontSize: 20, color: '#ff4d4f' }} />
            </div>
          ))}
          {photos.length < WO_PHOTOS_MAX && (
            <Button icon={<CameraOutlined />} size={size} style={{ width: 72, height: 72 }} onClick={() => input.current?.click()} data-testid="wo-add-photo" aria-label={t('workorders.addPhoto')} />
          )}
        </div>
        <input ref={input} type="file" accept="image/*" capture="environment" multiple hidden data-testid="wo-photo-input" onChange={(e) => void add(e.target.files)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size={size} loading={loading} data-testid="wo-resolve-submit" style={large ? { height: 52, fontSize: 17 } : undefined}>
        {t('workorders.actions.resolve')}
      </Button>
    </Form>
  );
}
