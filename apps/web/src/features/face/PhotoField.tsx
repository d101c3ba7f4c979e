import { FACE_PHOTO_MAX_BYTES } from '@gridops/contract';
import { Avatar, Button, Space, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileBase64 } from '../../shared/files/base64';
import { useFacePhoto } from './api';

/** A person's face thumbnail: fetched (an audited view) only for rows that have a photo. */
export function FaceThumb({ id, version, hasPhoto, size = 40 }: { id: number; version: number; hasPhoto: boolean; size?: number }) {
  const q = useFacePhoto(id, version, hasPhoto);
  const src = q.data ? `data:${q.data.photo_type};base64,${q.data.photo}` : undefined;
  return <Avatar shape="square" size={size} src={src} icon={src ? undefined : <UserOutlined />} data-testid={`face-thumb-${id}`} data-loaded={src ? 'yes' : 'no'} />;
}

/**
 * The form's photo control (antd Form.Item child: value = base64 or undefined). The server checks type, size and
 * pixels again and names `photo` when it refuses; here only the size is checked before sending.
 */
export function PhotoField({ value, onChange, existing }: { value?: string; onChange?: (v: string | undefined) => void; existing?: { id: number; version: number } | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; error: string | null } | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > FACE_PHOTO_MAX_BYTES) {
      setChosen({ name: file.name, error: t('face.people.tooLarge') });
      onChange?.(undefined);
      return;
    }
    setChosen({ name: file.name, error: null });
    onChange?.(await fileBase64(file));
  };
  return (
    <Space orientation="vertical" size={4}>
      <Space>
        {value ? (
          <Avatar shape="square" size={64} src={`data:image/*;base64,${value}`} data-testid="face-photo-preview" />
        ) : existing ? (
          <FaceThumb id={existing.id} version={existing.version} hasPhoto size={64} />
        ) : null}
        <Button onClick={() => input.current?.click()} data-testid="face-photo-choose">
          {value || existing ? t('face.people.replace') : t('face.people.choose')}
        </Button>
      </Space>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" style={{ display: 'none' }} data-testid="face-photo-input" onChange={(e) => void pick(e.target.files?.[0])} />
      <Typography.Text type={chosen?.error ? 'danger' : 'secondary'}>{chosen?.error ?? (chosen ? t('face.people.chosen', { name: chosen.name }) : t('face.people.photoHint'))}</Typography.Text>
    </Space>
  );
}
