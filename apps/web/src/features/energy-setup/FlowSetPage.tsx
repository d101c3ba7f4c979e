import type { MeterNode } from '@gridops/contract';
import { Alert, App, Button, Card, InputNumber, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setupApi, useInvalidateSetup, useMeterTree } from './api';
import { toEditError } from '../../api/editError';
import { useCanConfigure } from '../../session/permissions';
import { CANVAS, autoLayout, changedPositions, clampPosition, initialPositions } from './flowLayout';
import type { Position } from './flowLayout';
import { SETUP_QUERY, SETUP_SITE } from '../../shared/ui/setupPageLooks';
import { QueryState } from '../../shared/ui/QueryState';
import { SiteGate } from '../../shared/ui/SiteGate';
import { localName } from '../../shared/ui/localName';
import { nodeTypeColor } from '../../shared/theme/nodeTypes';

const NODE_W = 120;
const NODE_H = 30;

/**
 * Energy-flow diagram layout: drag nodes on the canvas (or type x/y in the table, which is also the keyboard
 * way), then save; the positions go to `PUT flowLayout` and the flow page draws the nodes where they were put.
 */
function FlowSet({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const tree = useMeterTree(projectId, 'power');
  const nodes = useMemo(() => tree.data?.nodes ?? [], [tree.data]);
  // The editor starts from what the server holds; a changed node set or saved layout starts it afresh.
  const layoutKey = nodes.map((n) => `${n.id}:${n.parent_id}:${n.layout_x}:${n.layout_y}`).join(',');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('energySetup.pages.flowIntro')} />
      <QueryState
        look={SETUP_QUERY}
        loading={tree.isPending}
        error={tree.error}
        empty={nodes.length === 0}
        emptyText={t('energySetup.tree.empty')}
        onRetry={() => void tree.refetch()}
      >
        <FlowEditor key={layoutKey} projectId={projectId} nodes={nodes} />
      </QueryState>
    </Space>
  );
}

function FlowEditor({ projectId, nodes }: { projectId: number; nodes: MeterNode[] }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = i18n.language;
  const canEdit = useCanConfigure();
  const invalidate = useInvalidateSetup();
  const [pos, setPos] = useState<Map<number, Position>>(() => initialPositions(nodes));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ id: number; dx: number; dy: number } | null>(null);
  const changed = useMemo(() => changedPositions(nodes, pos), [nodes, pos]);

  const toSvg = (e: ReactPointerEvent): Position => {
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const move = (id: number, p: Position) => setPos((old) => new Map(old).set(id, clampPosition(p)));

  const onDown = (id: number) => (e: ReactPointerEvent<SVGGElement>) => {
    if (!canEdit) return;
    const at = toSvg(e);
    const cur = pos.get(id) ?? at;
    drag.current = { id, dx: cur.x - at.x, dy: cur.y - at.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: ReactPointerEvent<SVGGElement>) => {
    const d = drag.current;
    if (!d) return;
    const at = toSvg(e);
    move(d.id, { x: at.x + d.dx, y: at.y + d.dy });
  };
  const onUp = () => {
    drag.current = null;
  };

  const save = async () => {
    if (changed.length === 0) return;
    setSaving(true);
    setError(null);
    try {
      const r = await setupApi.saveLayout(projectId, changed);
      message.success(t('energySetup.flow.saved', { count: r.updated }));
      await invalidate();
    } catch (e) {
      setError(toEditError(e).message);
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<MeterNode> = [
    {
      title: t('energySetup.field.name'),
      key: 'name',
      ellipsis: true,
      render: (_, n) => (
        <span title={t(`energySetup.nodeType.${n.node_type}`)}>
          <span
            style={{
              display: 'inline-block',
              width: 8,
              height: 8,
              borderRadius: 4,
              marginRight: 6,
              background: nodeTypeColor(n.node_type),
            }}
          />
          {localName(n, lang)}
        </span>
      ),
    },
    ...(['x', 'y'] as const).map((axis) => ({
      title: axis,
      key: axis,
      width: 92,
      render: (_: unknown, n: MeterNode) => (
        <InputNumber
          size="small"
          value={pos.get(n.id)?.[axis]}
          disabled={!canEdit}
          step={CANVAS.grid}
          style={{ width: 80 }}
          aria-label={`${localName(n, lang)} ${axis}`}
          data-testid={`pos-${axis}-${n.id}`}
          onChange={(v) => {
            const cur = pos.get(n.id);
            if (cur && typeof v === 'number') move(n.id, { ...cur, [axis]: v });
          }}
        />
      ),
    })),
  ];

  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setError(null)}
          title={error}
          data-testid="flow-error"
        />
      )}
      <Space wrap>
        {canEdit ? (
          <>
            <Button
              type="primary"
              disabled={changed.length === 0}
              loading={saving}
              onClick={() => void save()}
              data-testid="flow-save"
            >
              {t('energySetup.flow.save', { count: changed.length })}
            </Button>
            <Button onClick={() => setPos(autoLayout(nodes))} data-testid="flow-auto">
              {t('energySetup.flow.auto')}
            </Button>
            <Button onClick={() => setPos(initialPositions(nodes))} disabled={changed.length === 0}>
              {t('energySetup.flow.reset')}
            </Button>
          </>
        ) : (
          <Tag data-testid="read-only">{t('energySetup.common.readOnly')}</Tag>
        )}
      </Space>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 1fr)',
          gap: 12,
          marginTop: 12,
        }}
      >
        <Card size="small" title={t('energySetup.flow.canvas')} styles={{ body: { padding: 8 } }}>
          <svg
            ref={svgRef}
            viewBox={`0 0 ${CANVAS.width} ${CANVAS.height}`}
            style={{
              width: '100%',
              display: 'block',
              background: 'rgba(255,255,255,0.02)',
              touchAction: 'none',
            }}
            data-testid="flow-canvas"
            role="img"
            aria-label={t('energySetup.flow.canvas')}
          >
            <defs>
              <pattern id="flow-grid" width={50} height={50} patternUnits="userSpaceOnUse">
                <path d="M 50 0 L 0 0 0 50" fill="none" stroke="rgba(255,255,255,0.05)" />
              </pattern>
            </defs>
            <rect width={CANVAS.width} height={CANVAS.height} fill="url(#flow-grid)" />
            {nodes.map((n) => {
              const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
              const a = parent && pos.get(parent.id);
              const b = pos.get(n.id);
              if (!a || !b) return null;
              const mx = (a.x + b.x) / 2;
              return (
                <path
                  key={`l-${n.id}`}
                  d={`M ${a.x} ${a.y} C ${mx} ${a.y}, ${mx} ${b.y}, ${b.x} ${b.y}`}
                  fill="none"
                  stroke="rgba(120,160,220,0.45)"
                  strokeWidth={1.5}
                />
              );
            })}
            {nodes.map((n) => {
              const p = pos.get(n.id);
              if (!p) return null;
              const name = localName(n, lang);
              return (
                <g
                  key={n.id}
                  transform={`translate(${p.x - NODE_W / 2}, ${p.y - NODE_H / 2})`}
                  onPointerDown={onDown(n.id)}
                  onPointerMove={onMove}
                  onPointerUp={onUp}
                  style={{ cursor: canEdit ? 'grab' : 'default' }}
                  data-testid={`flow-node-${n.id}`}
                >
                  <title>{`${name} (${p.x}, ${p.y})`}</title>
                  <rect
                    width={NODE_W}
                    height={NODE_H}
                    rx={6}
                    fill="#0f1b2d"
                    stroke={nodeTypeColor(n.node_type) ?? '#8c8c8c'}
                    strokeWidth={1.5}
                  />
                  <text
                    x={NODE_W / 2}
                    y={NODE_H / 2 + 4}
                    textAnchor="middle"
                    fill="rgba(255,255,255,0.88)"
                    fontSize={11}
                    style={{ pointerEvents: 'none', userSelect: 'none' }}
                  >
                    {name.length > 16 ? `${name.slice(0, 15)}…` : name}
                  </text>
                </g>
              );
            })}
          </svg>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('energySetup.flow.coords', { w: CANVAS.width, h: CANVAS.height })}
          </Typography.Text>
        </Card>
        <Card size="small" title={t('energySetup.flow.positions')}>
          <Table<MeterNode>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={nodes}
            pagination={false}
            scroll={{ y: 520 }}
            data-testid="flow-table"
          />
        </Card>
      </div>
    </>
  );
}

export function FlowSetPage() {
  return (
    <SiteGate prompt={SETUP_SITE} testId="setup-flow">
      {(id) => <FlowSet key={id} projectId={id} />}
    </SiteGate>
  );
}
