import { checkpointCode } from '@gridops/contract';
import { Alert, Button, Empty, Space, Typography } from 'antd';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { localName } from '../../shared/ui/localName';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { useLedger } from './api';
import { pages } from './labels';

export interface SheetLabel {
  code: string;
  name: string;
  name_en: string;
  /** "区域 / Room" on the room's own label; empty on devices (their room says where they are). */
  sub: string;
  room: string;
}

/** The QR code of a label's text as an SVG data URL: what the inspection phone scans (`GO1:D:<id>` / `GO1:R:<id>`). */
export async function qrDataUrl(code: string): Promise<string> {
  const svg = await qrSvg(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

function Label({ label }: { label: SheetLabel }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrDataUrl(label.code).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [label.code]);
  return (
    <div className="ledger-label" data-testid="ledger-label" data-code={label.code}>
      {src ? <img src={src} alt={label.code} data-testid="ledger-qr" /> : <div style={{ width: '30mm', height: '30mm' }} />}
      <div className="ledger-label-text">
        <strong>{label.name}</strong>
        {label.name_en && label.name_en !== label.name ? <span>{label.name_en}</span> : null}
        {label.sub ? <span>{label.sub}</span> : null}
        {label.room ? <span>{label.room}</span> : null}
        <code>{label.code}</code>
      </div>
    </div>
  );
}

/**
 * The printable label sheet of one room (A4, 3 × 7): the room's own label first, then one per device. Labels are
 * physical and read by people of either language, so each carries both names; the page around them follows the UI.
 */
export function LabelSheet({ roomId }: { roomId: number }) {
  const { t, i18n } = useTranslation();
  const [, setParams] = useSearchParams();
  const q = useLedger({ room_id: roomId });
  const room = q.data?.rooms.find((r) => r.id === roomId);
  const roomText = room ? (room.name_en && room.name_en !== room.name ? `${room.name} / ${room.name_en}` : room.name) : '';
  const labels: SheetLabel[] = room
    ? [
        { code: checkpointCode('room', room.id), name: room.name, name_en: room.name_en, sub: '区域 / Room', room: '' },
        ...(q.data?.items ?? []).map((d) => ({ code: checkpointCode('device', d.id), name: d.name, name_en: d.name_en, sub: '', room: roomText })),
      ]
    : [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="ledger-sheet-view">
      <Space className="ledger-no-print" wrap>
        <Button onClick={() => setParams({})} data-testid="ledger-sheet-back">
          {t('ledger.sheet.back')}
        </Button>
        <Button type="primary" onClick={() => window.print()} disabled={labels.length === 0} data-testid="ledger-sheet-print">
          {t('ledger.sheet.print')}
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('ledger.sheet.title', { room: room ? localName(room, i18n.language) : '' })}
        </Typography.Title>
      </Space>
      <Alert className="ledger-no-print" type="info" showIcon title={t('ledger.sheet.hint')} />
      <QueryState look={SETUP_QUERY} loading={q.isPending} error={q.error} onRetry={() => void q.refetch()}>
        {labels.length <= 1 ? (
          <Empty description={t('ledger.sheet.empty')} />
        ) : (
          <div className="ledger-sheet" data-testid="ledger-sheet">
            {pages(labels).map((page, i) => (
              <div className="ledger-sheet-page" key={i}>
                {page.map((l) => (
                  <Label key={l.code} label={l} />
                ))}
              </div>
            ))}
          </div>
        )}
      </QueryState>
    </Space>
  );
}
