import { Card, DatePicker, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/store';
import { ExportButton } from '../../../shared/export';
import { useFormat } from '../../../shared/format/useFormat';
import { projectName, useOrgTree } from '../../org/api';
import { fetchAllControlLog, useControlLog } from '../api';
import { ControlLogTable, controlLogExportColumns } from '../control/ControlLogTable';
import { DISTRIBUTION_QUERY } from '../pageStates';
import { QueryState } from '../../../shared/ui/QueryState';

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * /CtrlLogs (centre area): the control audit trail across the organisation's sites, filtered by site and time,
 * paged on the server, exported in full (every page of the filter) to .xlsx.
 */
export function CtrlLogsPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  useOrgTree();
  const proList = useSession((s) => s.proList);
  const proID = useSession((s) => s.proID);
  // Starts on the selected site, if any; "all sites" is a choice in the filter.
  const [projectId, setProjectId] = useState<number | null>(proID);
  const [range, setRange] = useState<Range>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const from = range?.[0]?.startOf('day').toISOString();
  const to = range?.[1]?.endOf('day').toISOString();
  const q = useControlLog({ projectId, from, to, page, size });
  const site = proList.find((p) => p.id === projectId);
  const fileName = `${t('distribution.log.fileName')}-${site ? projectName(site, i18n.language) : t('distribution.log.allSites')}${range?.[0] || range?.[1] ? `-${f.date(from ?? null, 'YYYYMMDD')}~${f.date(to ?? null, 'YYYYMMDD')}` : ''}`;

  return (
    <div data-testid="ctrl-logs">
      <Card
        title={
          <Space wrap>
            <Select<number | null>
              data-testid="log-site"
              style={{ width: 280 }}
              value={projectId}
              onChange={(v) => {
                setProjectId(v);
                setPage(1);
              }}
              options={[{ value: null, label: t('distribution.log.allSites') }, ...proList.map((p) => ({ value: p.id, label: projectName(p, i18n.language) }))]}
            />
            <DatePicker.RangePicker
              data-testid="log-range"
              value={range}
              onChange={(v) => {
                setRange(v);
                setPage(1);
              }}
              allowEmpty={[true, true]}
            />
          </Space>
        }
        extra={
          <ExportButton
            fileName={fileName}
            columns={controlLogExportColumns(t, true, f.zoneOf)}
            rows={() => fetchAllControlLog({ projectId, from, to })}
            options={{ sheet: t('distribution.log.sheet') }}
          />
        }
      >
        <QueryState look={DISTRIBUTION_QUERY} loading={q.isLoading} error={q.error && !q.data ? q.error : null} onRetry={() => void q.refetch()}>
          <ControlLogTable
            rows={q.data?.list ?? []}
            loading={q.isFetching && !q.data}
            showSite
            pagination={{
              current: page,
              pageSize: size,
              total: q.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (n) => t('distribution.log.total', { n }),
              onChange: (p, s) => {
                setPage(s === size ? p : 1);
                setSize(s);
              },
            }}
          />
        </QueryState>
      </Card>
    </div>
  );
}
