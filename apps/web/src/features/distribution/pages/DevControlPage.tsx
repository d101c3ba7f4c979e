import { LockOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Result, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../session/store';
import { useFormat } from '../../../shared/format/useFormat';
import { useControlLog, useControlTargets } from '../api';
import type { ControlTarget } from '../api';
import { ControlDialog } from '../control/ControlDialog';
import { ControlLogTable } from '../control/ControlLogTable';
import { availableActions } from '../control/machine';
import { useControlFlow } from '../control/useControlFlow';
import { DISTRIBUTION_QUERY, DISTRIBUTION_SITE } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';
import { SiteGate } from '../../../shared/ui/SiteGate';
import { useDictionary } from '../../dictionary/store';
import { ControlApprovals } from '../../control-config/Approvals';

/** Breaker state tags: closed solid red, open hollow green (the diagram's convention). */
const TAG_COLOR = { closed: 'red', open: 'green', unknown: 'default' } as const;

function Control({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const dict = useDictionary();
  const f = useFormat();
  const targets = useControlTargets(projectId, true);
  const log = useControlLog({ projectId, page: 1, size: 10 }, { refetchInterval: 5_000 });
  const { state, dispatch, select, execute, cancel, close } = useControlFlow([
    'controlTargets',
    'controlLog',
    'realtime',
    'diagram',
  ]);

  const canConfigure = useSession((s) => s.userInfo?.permissions.includes('configure') === true);
  const busy = state.step !== 'idle';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ControlApprovals projectId={projectId} />
      <Card
        title={t('distribution.control.targets')}
        extra={<span style={{ opacity: 0.7, fontSize: 12 }}>{t('distribution.control.sbo')}</span>}
      >
        <QueryState
          look={DISTRIBUTION_QUERY}
          loading={targets.isLoading}
          error={targets.error && !targets.data ? targets.error : null}
          onRetry={() => void targets.refetch()}
          empty={(targets.data ?? []).length === 0}
          emptyText={t('distribution.control.noTargets')}
        >
          <Table<ControlTarget>
            data-testid="control-targets"
            size="small"
            rowKey="device_id"
            pagination={false}
            dataSource={targets.data ?? []}
            onRow={(r) =>
              ({
                'data-testid': `target-${r.device_id}`,
                'data-closed': String(r.breaker_closed),
              }) as React.HTMLAttributes<HTMLElement>
            }
            columns={[
              { title: t('distribution.control.target'), dataIndex: 'name' },
              {
                title: t('distribution.control.kind'),
                dataIndex: 'kind',
                width: 120,
                render: (v: string) => dict.label('deviceKind', v),
              },
              {
                title: t('distribution.control.state'),
                dataIndex: 'breaker_closed',
                width: 110,
                render: (v: boolean | null) => {
                  const s = v === null ? 'unknown' : v ? 'closed' : 'open';
                  return (
                    <Tag
                      color={TAG_COLOR[s]}
                      data-testid="breaker-state"
                      data-state={s}
                      variant={s === 'closed' ? 'solid' : 'outlined'}
                    >
                      {t(`distribution.diagram.breaker.${s}`)}
                    </Tag>
                  );
                },
              },
              {
                title: t('distribution.control.gateway'),
                dataIndex: 'gateway_online',
                width: 110,
                render: (v: boolean) => (
                  <Badge
                    status={v ? 'success' : 'error'}
                    text={t(v ? 'distribution.index.online' : 'distribution.index.offline')}
                  />
                ),
              },
              {
                title: t('distribution.monitor.time'),
                dataIndex: 'ts',
                width: 170,
                render: (v: string | null) => f.date(v),
              },
              {
                title: t('distribution.control.operate'),
                key: 'op',
                width: 200,
                render: (_: unknown, r: ControlTarget) =>
                  !r.controllable ? (
                    // A new breaker stays closed to remote control until the site opens it (issue 25 item 7): say so
                    // and where, rather than offer buttons the server refuses.
                    <Space size={4} data-testid={`not-controllable-${r.device_id}`}>
                      <Tag icon={<LockOutlined />}>{t('distribution.control.notControllable')}</Tag>
                      {canConfigure && (
                        <Link to="/RunSetup/RemoteCtrlSet">{t('distribution.control.configure')}</Link>
                      )}
                    </Space>
                  ) : (
                    <Space>
                      {availableActions(r.breaker_closed, r.actions).map((a) => (
                        <Button
                          key={a}
                          size="small"
                          danger={a === 'open'}
                          type={a === 'close' ? 'primary' : 'default'}
                          disabled={!r.gateway_online || busy}
                          data-testid={`op-${r.device_id}-${a}`}
                          onClick={() => void select({ deviceId: r.device_id, name: r.name, action: a })}
                        >
                          {t(`distribution.control.action.${a}`)}
                        </Button>
                      ))}
                    </Space>
                  ),
              },
            ]}
          />
        </QueryState>
      </Card>
      <Card title={t('distribution.control.recent')}>
        <ControlLogTable rows={log.data?.list ?? []} loading={log.isLoading} />
      </Card>
      <ControlDialog
        state={state}
        dispatch={dispatch}
        onExecute={(id, pw) => void execute(id, pw)}
        onCancel={cancel}
        onClose={close}
      />
    </Space>
  );
}

/** /ElectricalRoom/DevControl: breakers with select-before-operate; only for users with control permission. */
export function DevControlPage() {
  const { t } = useTranslation();
  const canControl = useSession((s) => s.userInfo?.permissions?.includes('control') === true);
  if (!canControl)
    return (
      <Result
        icon={<LockOutlined />}
        status="403"
        data-testid="dev-control-denied"
        title={t('distribution.control.deniedTitle')}
        subTitle={t('distribution.control.denied')}
      />
    );
  return (
    <SiteGate prompt={DISTRIBUTION_SITE} testId="dev-control">
      {(id) => <Control projectId={id} />}
    </SiteGate>
  );
}
