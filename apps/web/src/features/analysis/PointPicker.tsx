import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RealtimeResponse } from '@gridops/contract';
import { buildPointTree, MAX_POINTS, pointIdsOf, pointValue } from './pointTree';

/** Device tree → points, several at once (at most 16, the history API's limit). */
export function PointPicker(props: {
  rooms: RealtimeResponse['rooms'];
  kinds: readonly ('analog' | 'counter' | 'digital')[];
  value: number[];
  onChange: (ids: number[]) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const tree = useMemo(() => buildPointTree(props.rooms, props.kinds), [props.rooms, props.kinds]);
  return (
    <TreeSelect
      data-testid="point-picker"
      style={{ minWidth: 360, maxWidth: 640 }}
      treeData={tree}
      value={props.value.map(pointValue)}
      onChange={(v: string[]) => props.onChange(pointIdsOf(v))}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      maxTagCount="responsive"
      placeholder={t('analysis.pickPoints', { max: MAX_POINTS })}
      loading={props.loading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      popupMatchSelectWidth={420}
    />
  );
}
