import { Card, Empty, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import { useDiagram, useDiagramList, useRealtime } from '../api';
import { DiagramLegend, DiagramSvg } from './DiagramSvg';
import { ElementDrawer } from './ElementDrawer';
import { buildDiagramModel } from './model';
import type { ElementModel } from './model';
import { DISTRIBUTION_QUERY } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';

/** The single-line diagram of one distribution room, redrawn with every poll of its live states. */
export function DiagramTab({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  // Only the room list is needed here; the realtime answer is shared (same key) with the point table tab.
  const rt = useRealtime(projectId);
  const rooms = useMemo(() => (rt.data?.rooms ?? []).filter((r) => r.kind === 'distribution' && r.id > 0), [rt.data]);
  const [roomId, setRoomId] = useState<number | null>(null);
  const room = roomId ?? rooms[0]?.id ?? null;
  const [diagramId, setDiagramId] = useState<number | null>(null);
  const list = useDiagramList(room);
  const q = useDiagram(room, diagramId);
  const diagrams = list.data?.list ?? [];
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const model = useMemo(() => (q.data ? buildDiagramModel(q.data.doc, q.data.states, lang) : null), [q.data, lang]);
  const [picked, setPicked] = useState<ElementModel | null>(null);

  if (!rt.isLoading && rooms.length === 0 && !rt.error)
    return <Empty description={t('distribution.diagram.noRooms')} data-testid="sld-no-rooms" />;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <Select
            data-testid="sld-room"
            style={{ minWidth: 200 }}
            value={room ?? undefined}
            onChange={(id: number) => {
              setRoomId(id);
              setDiagramId(null);
            }}
            options={rooms.map((r) => ({ value: r.id, label: r.name }))}
            loading={rt.isLoading}
          />
          {diagrams.length > 1 && (
            <Select
              data-testid="sld-diagram"
              style={{ minWidth: 180 }}
              value={q.data?.diagram_id ?? undefined}
              onChange={(id: number) => setDiagramId(id)}
              options={diagrams.map((d) => ({ value: d.id, label: lang === 'en' && d.name_en ? d.name_en : d.name }))}
            />
          )}
          {q.data && !q.data.stored && <Tag color="gold">{t('distribution.diagram.generated')}</Tag>}
          {q.data?.updated_at && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('distribution.diagram.version', { version: q.data.version, time: f.date(q.data.updated_at, 'YYYY-MM-DD HH:mm') })}
            </Typography.Text>
          )}
        </Space>
      }
    >
      <DiagramLegend />
      <QueryState look={DISTRIBUTION_QUERY} loading={q.isLoading || rt.isLoading} error={q.error && !q.data ? q.error : null} onRetry={() => void q.refetch()} empty={!model || model.elements.length === 0} emptyText={t('distribution.diagram.empty')} rows={10}>
        {model && <DiagramSvg model={model} onSelect={setPicked} />}
      </QueryState>
      <ElementDrawer
        projectId={projectId}
        deviceId={picked?.deviceId ?? null}
        title={picked?.label ?? ''}
        onClose={() => setPicked(null)}
      />
    </Card>
  );
}
