import { CheckCircleFilled, ScanOutlined } from '@ant-design/icons';
import { parseCheckpointCode, type TaskCheckpoint } from '@gridops/contract';
import { formatInZone } from '@gridops/format';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localText } from '../../shared/ui/localName';
import type { DraftCheckpoint } from './drafts';
import { emptyAnswer, ItemField } from './ItemField';
import { QrScan } from './QrScan';

/** One checkpoint of the route: check in by scanning (or typing) its label, then its items. */
export function CheckpointStep({ cp, result, zone, onChange }: { cp: TaskCheckpoint; result: DraftCheckpoint | undefined; zone: string; onChange: (r: DraftCheckpoint) => void }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const name = localText(cp.name, cp.name_en, i18n.language);

  const checkIn = useCallback(
    (text: string, method: 'scan' | 'typed') => {
      const parsed = parseCheckpointCode(text);
      setScanning(false);
      if (!parsed || parsed.kind !== cp.kind || parsed.id !== cp.ref_id) {
        setError(t('inspection.wrongCode', { name }));
        return;
      }
      setError(null);
      onChange({ seq: cp.seq, code: text.trim().toUpperCase(), method, checked_in_at: new Date().toISOString(), answers: cp.items.map((i) => emptyAnswer(i.key)) });
    },
    [cp, name, onChange, t],
  );
  const onScanned = useCallback((text: string) => checkIn(text, 'scan'), [checkIn]);

  return (
    <div data-testid={`checkpoint-${cp.seq}`}>
      <Typography.Title level={5} style={{ margin: '4px 0 8px' }}>
        {cp.seq + 1}. {name}
      </Typography.Title>
      {result ? (
        <Typography.Paragraph type="success" data-testid="checked-in">
          <CheckCircleFilled /> {t('inspection.checkedIn', { time: formatInZone(new Date(result.checked_in_at), zone, 'HH:mm') })} · {t(`inspection.method.${result.method}`)}
        </Typography.Paragraph>
      ) : (
        <Card size="small" style={{ marginBottom: 12 }}>
          <Button type="primary" size="large" block icon={<ScanOutlined />} onClick={() => setScanning(true)} data-testid="scan-button">
            {t('inspection.scan')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 4px' }}>
            {t('inspection.typeCode')}
          </Typography.Paragraph>
          <Space.Compact style={{ width: '100%' }}>
            <Input size="large" value={code} placeholder={t('inspection.codeHint')} onChange={(e) => setCode(e.target.value)} onPressEnter={() => checkIn(code, 'typed')} data-testid="checkin-code" autoCapitalize="characters" />
            <Button size="large" onClick={() => checkIn(code, 'typed')} data-testid="checkin-submit">
              {t('inspection.checkIn')}
            </Button>
          </Space.Compact>
          {error ? <Typography.Text type="danger" data-testid="checkin-error">{error}</Typography.Text> : null}
          {scanning ? <QrScan open onClose={() => setScanning(false)} onCode={onScanned} /> : null}
        </Card>
      )}
      {result
        ? cp.items.map((item) => {
            const answer = result.answers.find((a) => a.key === item.key) ?? emptyAnswer(item.key);
            return <ItemField key={item.key} item={item} answer={answer} onChange={(a) => onChange({ ...result, answers: [...result.answers.filter((x) => x.key !== a.key), a] })} />;
          })
        : null}
    </div>
  );
}
