import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { isAbnormal, outOfRange, type InspectionItem } from '@gridops/contract';
import { App, Button, Card, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import type { DraftAnswer } from './drafts';
import { resizePhoto } from './photo';
import { rangeText } from './shared';

export const emptyAnswer = (key: string): DraftAnswer => ({ key, ok: null, value: null, choice: null, note: '', photos: [] });

/** What an answer still lacks: the value, a note (abnormal), a photo (photo items, readings out of range). */
export function answerProblems(item: InspectionItem, a: DraftAnswer): { value: boolean; note: boolean; photo: boolean } {
  const abnormal = isAbnormal(item, a);
  const value = (item.kind === 'visual' && a.ok === null) || (item.kind === 'reading' && a.value === null) || (item.kind === 'choice' && a.choice === null);
  const needsPhoto = item.kind === 'photo' || (item.kind === 'reading' && a.value !== null && outOfRange(a.value, item.min, item.max));
  return { value, note: abnormal && !a.note.trim(), photo: needsPhoto && a.photos.length === 0 };
}

/** One check item on the phone: large touch targets; an abnormal answer turns red and asks for a note (and a photo). */
export function ItemField({ item, answer, onChange }: { item: InspectionItem; answer: DraftAnswer; onChange: (a: DraftAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const file = useRef<HTMLInputElement>(null);
  const abnormal = isAbnormal(item, answer);
  const problems = answerProblems(item, answer);
  const range = rangeText(item.min, item.max, item.unit);
  const set = (p: Partial<DraftAnswer>) => onChange({ ...answer, ...p });
  const addPhoto = async (f: File | undefined) => {
    if (!f) return;
    try {
      set({ photos: [...answer.photos, await resizePhoto(f)].slice(0, 4) });
    } catch (err) {
      console.warn('[photo]', err);
      message.error(t('inspection.photoFailed'));
    }
  };
  return (
    <Card size="small" style={{ marginBottom: 8, borderColor: abnormal ? '#ff4d4f' : undefined }} data-testid={`item-${item.key}`} data-abnormal={abnormal}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{localText(item.name, item.name_en, i18n.language)}</Typography.Text>
        <Tag>{t(`inspection.category.${item.category}`)}</Tag>
      </Space>
      <div style={{ marginTop: 8 }}>
        {item.kind === 'visual' ? (
          <Radio.Group value={answer.ok} onChange={(e) => set({ ok: e.target.value as boolean })} optionType="button" buttonStyle="solid" size="large">
            <Radio.Button value={true}>{t('inspection.ok')}</Radio.Button>
            <Radio.Button value={false}>{t('inspection.notOk')}</Radio.Button>
          </Radio.Group>
        ) : null}
        {item.kind === 'reading' ? (
          <>
            <InputNumber
              size="large"
              style={{ width: '100%' }}
              inputMode="decimal"
              value={answer.value}
              status={abnormal ? 'error' : undefined}
              onChange={(v) => set({ value: typeof v === 'number' ? v : null })}
              suffix={item.unit || undefined}
              placeholder={range}
              data-testid={`reading-${item.key}`}
            />
            <Typography.Text type={abnormal ? 'danger' : 'secondary'} data-testid={abnormal ? 'out-of-range' : undefined}>
              {abnormal ? t('inspection.outOfRange', { range }) : range ? `${t('inspection.range')} ${range}` : ''}
            </Typography.Text>
          </>
        ) : null}
        {item.kind === 'choice' ? (
          <Radio.Group value={answer.choice} onChange={(e) => set({ choice: e.target.value as number })} optionType="button" buttonStyle="solid" size="large">
            {item.options.map((o, i) => (
              <Radio.Button key={i} value={i}>
                {localText(o.zh, o.en, i18n.language)}
              </Radio.Button>
            ))}
          </Radio.Group>
        ) : null}
      </div>
      {abnormal ? (
        <Input.TextArea
          style={{ marginTop: 8 }}
          rows={2}
          value={answer.note}
          status={problems.note ? 'error' : undefined}
          placeholder={t('inspection.noteRequired')}
          onChange={(e) => set({ note: e.target.value })}
          data-testid={`note-${item.key}`}
        />
      ) : null}
      {item.kind === 'photo' || abnormal || answer.photos.length ? (
        <div style={{ marginTop: 8 }}>
          <Space wrap>
            {answer.photos.map((p, i) => (
              <span key={i} style={{ position: 'relative', display: 'inline-block' }}>
                <img src={`data:image/jpeg;base64,${p}`} alt="" style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 4 }} />
                <Button size="small" shape="circle" icon={<CloseOutlined />} style={{ position: 'absolute', top: -6, right: -6 }} onClick={() => set({ photos: answer.photos.filter((_, j) => j !== i) })} />
              </span>
            ))}
            <Button size="large" icon={<CameraOutlined />} danger={problems.photo} onClick={() => file.current?.click()} data-testid={`photo-${item.key}`}>
              {t('inspection.takePhoto')}
            </Button>
          </Space>
          <input ref={file} type="file" accept="image/*" capture="environment" hidden onChange={(e) => void addPhoto(e.target.files?.[0]).finally(() => (e.target.value = ''))} data-testid={`photo-input-${item.key}`} />
          {problems.photo ? (
            <div>
              <Typography.Text type="danger">{item.kind === 'photo' ? t('inspection.needPhoto') : t('inspection.photoRequired')}</Typography.Text>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
