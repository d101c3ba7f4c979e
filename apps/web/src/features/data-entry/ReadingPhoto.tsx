import { READING_PHOTO_MAX_BYTES } from '@gridops/contract';
import { CameraOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileBase64 } from '../../shared/files/base64';
import { useReadingPhoto } from './api';

/** A reading's photo as a thumbnail that opens full size; fetched only for rows that have one. */
export function ReadingThumb({ id, version, size = 40 }: { id: number; version: number; size?: number }) {
  const q = useReadingPhoto(id, version, true);
  if (!q.data) return <CameraOutlined data-testid={`reading-thumb-${id}`} data-loaded="no" />;
  return <Image width={size} height={size} style={{ objectFit: 'cover' }} src={`data:${q.data.photo_type};base64,${q.data.photo}`} data-testid={`reading-thumb-${id}`} data-loaded="yes" />;
}

/**
 * The form's photo control (antd Form.Item child). value: a new photo (base64), null = remove the stored one,
 * undefined = keep it. The server checks the type by magic bytes and the size again and names `photo`.
 */
export function ReadingPhotoField({ value, onChange, existing }: { value?: string | null; onChange?: (v: string | null | undefined) => void; existing?: { id: number; version: number } | null }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; error: string | null } | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > READING_PHOTO_MAX_BYTES) {
      setChosen({ name: file.name, error: t('dataEntry.readings.tooLarge') });
      return;
    }
    setChosen({ name: file.name, error: null });
    onChange?.(await fileBase64(file));
  };
  const shown = value ? <Image width={64} height={64} style={{ objectFit: 'cover' }} src={`data:image/*;base64,${value}`} data-testid="reading-photo-preview" /> : value === undefined && existing ? <ReadingThumb id={existing.id} version={existing.version} size={64} /> : null;
  return (
    <Space orientation="vertical" size={4}>
      <Space>
        {shown}
        <Button onClick={() => input.current?.click()} data-testid="reading-photo-choose">
          {shown ? t('dataEntry.readings.replace') : t('dataEntry.readings.choose')}
        </Button>
        {shown ? (
          <Button onClick={() => onChange?.(existing ? null : undefined)} data-testid="reading-photo-remove">
            {t('dataEntry.readings.removePhoto')}
          </Button>
        ) : null}
      </Space>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" style={{ display: 'none' }} data-testid="reading-photo-input" onChange={(e) => void pick(e.target.files?.[0])} />
      <Typography.Text type={chosen?.error ? 'danger' : 'secondary'}>{chosen?.error ?? t('dataEntry.readings.photoHint')}</Typography.Text>
    </Space>
  );
}
