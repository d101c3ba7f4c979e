import { Button, DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/store';
import { useSiteTree } from '../../api/siteTree';
import { projectName } from '../org/api';
import { EVENT_LEVELS, EVENT_STATUSES, EVENT_TYPES, emptyEventFilters, isFiltered, withProject } from './eventFilters';
import type { EventFilterState } from './eventFilters';
import { useDictionary } from '../dictionary/store';

/** The filter bar: time range, site (centre), device, type (unless hidden), level, status, keyword. */
export function EventFilters(props: {
  value: EventFilterState;
  onChange: (v: EventFilterState) => void;
  /** Site area: the site is fixed by the header's selection. */
  scopeProjectId: number | null;
  showSite: boolean;
  typeHidden: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dict = useDictionary();
  const v = props.value;
  const set = (patch: Partial<EventFilterState>) => props.onChange({ ...v, ...patch });
  const proList = useSession((s) => s.proList);
  const deviceProject = props.scopeProjectId ?? v.projectId;
  const tree = useSiteTree(deviceProject);
  const devices = (tree.data?.rooms ?? []).flatMap((r) => r.devices.map((d) => ({ value: d.id, label: r.id ? `${r.name} / ${d.name}` : d.name })));
  const now = dayjs();

  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="event-filters">
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={v.from && v.to ? [dayjs(v.from), dayjs(v.to)] : null}
        onChange={(r) => set({ from: r?.[0]?.toISOString() ?? null, to: r?.[1]?.toISOString() ?? null })}
        presets={[
          { label: t('analysis.presets.today'), value: [now.startOf('day'), now.endOf('day')] },
          { label: t('analysis.presets.7d'), value: [now.subtract(7, 'day'), now] },
          { label: t('analysis.presets.30d'), value: [now.subtract(30, 'day'), now] },
        ]}
        data-testid="event-range"
      />
      {props.showSite && (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('events.allSites')}
          style={{ width: 200 }}
          value={v.projectId}
          onChange={(id: number | undefined) => props.onChange(withProject(v, id ?? null))}
          options={proList.map((p) => ({ value: p.id, label: projectName(p, i18n.language) }))}
          data-testid="event-site-filter"
        />
      )}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={deviceProject === null ? t('events.deviceNeedsSite') : t('events.allDevices')}
        disabled={deviceProject === null}
        loading={tree.isLoading}
        style={{ width: 220 }}
        value={v.deviceId}
        onChange={(id: number | undefined) => set({ deviceId: id ?? null })}
        options={devices}
        data-testid="event-device-filter"
      />
      {!props.typeHidden && (
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('events.allTypes')}
          style={{ width: 170 }}
          value={v.types}
          onChange={(types: number[]) => set({ types })}
          options={EVENT_TYPES.map((x) => ({ value: x, label: dict.label('eventType', x) }))}
          data-testid="event-type-filter"
        />
      )}
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('events.allLevels')}
        style={{ width: 170 }}
        value={v.levels}
        onChange={(levels: number[]) => set({ levels })}
        options={EVENT_LEVELS.map((x) => ({ value: x, label: dict.label('alarmLevel', x) }))}
        data-testid="event-level-filter"
      />
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={t('events.allStatuses')}
        style={{ width: 190 }}
        value={v.statuses}
        onChange={(statuses: EventFilterState['statuses']) => set({ statuses })}
        options={EVENT_STATUSES.map((x) => ({ value: x, label: t(`events.statuses.${x}`) }))}
        data-testid="event-status-filter"
      />
      <Input.Search
        allowClear
        placeholder={t('events.keyword')}
        style={{ width: 200 }}
        // Remounts on reset so the box empties with the filter (it is uncontrolled while typing).
        key={v.keyword === '' ? 'empty' : 'set'}
        defaultValue={v.keyword}
        maxLength={64}
        onSearch={(keyword) => set({ keyword })}
        data-testid="event-keyword"
      />
      {isFiltered(v) && (
        <Button onClick={() => props.onChange({ ...emptyEventFilters })} data-testid="event-filters-reset">
          {t('events.reset')}
        </Button>
      )}
    </Space>
  );
}
