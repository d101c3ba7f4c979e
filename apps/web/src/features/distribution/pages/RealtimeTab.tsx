import { Card, Col, Empty, Input, Row, Segmented, Space, Table, Tree, Typography } from 'antd';
import type { Quality } from '@gridops/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/format/useFormat';
import { useRealtime } from '../api';
import { PointValue, QualityTag } from '../components/common';
import { useSession } from '../../../session/store';
import { buildDeviceTree, deviceKey, devicesForSelection, roomKey } from '../deviceTree';
import type { TreeNode } from '../deviceTree';
import { allDevices } from '../points';
import type { RtDevice, RtPoint } from '../points';
import { DISTRIBUTION_QUERY } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';

interface Row extends RtPoint {
  rowKey: string;
  deviceId: number;
  deviceName: string;
}

type QualityFilter = 'all' | Quality;

interface AntNode {
  key: string;
  title: string;
  children: AntNode[];
}
const toAntTree = (nodes: TreeNode[]): AntNode[] => nodes.map((n) => ({ key: n.key, title: n.title, children: toAntTree(n.children) }));

/**
 * The live point table: device tree on the left (room → incomer → transformer → feeders…), every point of the
 * selection on the right. One batched request for the whole site every 5 s (docs/pages/distribution.md).
 */
export function RealtimeTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useRealtime(projectId);
  // The 3D engine's `devMonitor` message names a device: start on it when it is one of this site's.
  const devID = useSession((s) => s.devID);
  const [selected, setSelected] = useState<string | null>(devID ? deviceKey(Number(devID)) : null);
  const [quality, setQuality] = useState<QualityFilter>('all');
  const [search, setSearch] = useState('');

  const tree = useMemo(() => buildDeviceTree(q.data?.rooms ?? []), [q.data]);
  // Open on the first room that has devices: a new site's first room is often still empty (issue 25).
  const opening = tree.find((n) => n.children.length > 0) ?? tree[0];
  const fallback = opening ? roomKey(opening.roomId) : null;
  const selection = selected !== null && devicesForSelection(tree, selected) !== null ? selected : fallback;
  const rows = useMemo(() => {
    const ids = devicesForSelection(tree, selection);
    const needle = search.trim().toLowerCase();
    return allDevices(q.data)
      .map((d) => d.device)
      .filter((d: RtDevice) => !ids || ids.has(d.id))
      .flatMap((d) =>
        d.points.map((p): Row => ({ ...p, rowKey: `${d.id}-${p.id}`, deviceId: d.id, deviceName: d.name })),
      )
      .filter((r) => quality === 'all' || r.quality === quality)
      .filter((r) => !needle || r.name.toLowerCase().includes(needle) || r.deviceName.toLowerCase().includes(needle) || r.key.toLowerCase().includes(needle));
  }, [q.data, tree, selection, quality, search]);

  const counts = useMemo(() => {
    const c: Record<Quality, number> = { fresh: 0, stale: 0, offline: 0 };
    for (const { device } of allDevices(q.data)) for (const p of device.points) c[p.quality]++;
    return c;
  }, [q.data]);

  return (
    <QueryState look={DISTRIBUTION_QUERY} loading={q.isLoading} error={q.error && !q.data ? q.error : null} onRetry={() => void q.refetch()} empty={tree.length === 0} emptyText={t('distribution.monitor.noDevices')}>
      <Row gutter={16}>
        <Col xs={24} lg={6}>
          <Card size="small" title={t('distribution.monitor.tree')} styles={{ body: { maxHeight: 640, overflow: 'auto' } }}>
            <Tree
              data-testid="device-tree"
              blockNode
              defaultExpandAll
              selectedKeys={selection ? [selection] : []}
              treeData={toAntTree(tree)}
              onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
            />
          </Card>
        </Col>
        <Col xs={24} lg={18}>
          <Card
            size="small"
            title={
              <Space wrap>
                <span>{t('distribution.monitor.points')}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="rt-now" data-now={q.data?.now ?? ''}>
                  {t('distribution.monitor.updated', { time: f.date(q.data?.now ?? null, 'HH:mm:ss') })}
                  {q.isFetching ? ' …' : ''}
                </Typography.Text>
              </Space>
            }
            extra={
              <Space wrap>
                <Segmented<QualityFilter>
                  size="small"
                  value={quality}
                  onChange={setQuality}
                  options={[
                    { value: 'all', label: t('distribution.monitor.all') },
                    { value: 'fresh', label: `${t('distribution.quality.fresh')} ${counts.fresh}` },
                    { value: 'stale', label: `${t('distribution.quality.stale')} ${counts.stale}` },
                    { value: 'offline', label: `${t('distribution.quality.offline')} ${counts.offline}` },
                  ]}
                />
                <Input.Search size="small" allowClear placeholder={t('distribution.monitor.search')} onChange={(e) => setSearch(e.target.value)} style={{ width: 180 }} />
              </Space>
            }
          >
            <Table<Row>
              data-testid="point-table"
              size="small"
              rowKey="rowKey"
              dataSource={rows}
              pagination={{ pageSize: 30, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribution.monitor.noPoints')} /> }}
              onRow={(r) => ({ 'data-testid': `pt-${r.deviceId}-${r.key}` }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { title: t('distribution.monitor.device'), dataIndex: 'deviceName', width: 200, ellipsis: true },
                { title: t('distribution.monitor.point'), dataIndex: 'name', ellipsis: true },
                {
                  title: t('distribution.monitor.value'),
                  key: 'value',
                  width: 150,
                  align: 'right',
                  render: (_: unknown, r: Row) => (
                    <span className="pt-value" data-value={r.value ?? ''}>
                      <PointValue point={r} withUnit={false} />
                    </span>
                  ),
                },
                {
                  title: t('distribution.monitor.unit'),
                  key: 'unit',
                  width: 90,
                  render: (_: unknown, r: Row) => (r.kind === 'digital' ? '' : f.unit(r.value, r.unit, { precision: r.precision }).unit),
                },
                { title: t('distribution.monitor.time'), dataIndex: 'ts', width: 170, render: (v: string | null) => f.date(v) },
                { title: t('distribution.common.quality'), dataIndex: 'quality', width: 90, render: (v: Quality) => <QualityTag quality={v} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </QueryState>
  );
}
