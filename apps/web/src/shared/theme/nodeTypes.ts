import { palette } from './palette';

/** How one kind of metering node (or flow end) looks everywhere: diagram/chart colour and antd Tag colour. */
export interface NodeTypeStyle {
  /** Fill/stroke in diagrams and ECharts (flow layout, balance diagram, sankey). */
  color: string;
  /** antd preset Tag colour (meter tree). */
  tag?: string;
}

/**
 * The one style map of the node types (`MeterNodeType`) plus the extra kinds flow charts draw (external
 * supply, losses). Diagrams, charts and tags read it, so a type has the same colour on every page.
 */
export const NODE_TYPE_STYLE: Readonly<Record<string, NodeTypeStyle>> = {
  grid: { color: palette.primary, tag: 'blue' },
  external: { color: palette.primary },
  grid_export: { color: '#597ef7', tag: 'geekblue' },
  pv: { color: '#ffd666', tag: 'gold' },
  wind: { color: '#5cdbd3', tag: 'cyan' },
  storage_charge: { color: '#9254de', tag: 'purple' },
  storage_discharge: { color: '#b37feb', tag: 'magenta' },
  ev_charging: { color: '#73d13d', tag: 'green' },
  load: { color: '#ff9c6e', tag: 'volcano' },
  virtual: { color: '#8c8c8c' },
  loss: { color: palette.error },
};

export const nodeTypeColor = (type: string): string | undefined => NODE_TYPE_STYLE[type]?.color;
export const nodeTypeTag = (type: string): string | undefined => NODE_TYPE_STYLE[type]?.tag;
