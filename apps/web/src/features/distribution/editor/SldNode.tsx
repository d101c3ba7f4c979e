import { Handle, Position, type EdgeProps, type NodeProps } from '@xyflow/react';
import { palette } from '../../../shared/theme/palette';
import { fitLabel } from '../diagram/model';
import { BUS_COLOR, SYMBOL_BOX, SymbolGlyph, WIRE } from '../diagram/symbols';
import { BUS_THICK, type SldEdge, type SldNode } from './flow';

const strip = { background: 'transparent', border: 'none', borderRadius: 0, minWidth: 0, minHeight: 0 } as const;
const dot = { width: 8, height: 8, background: WIRE, border: `1px solid ${palette.bgContainer}` } as const;

/** One element in the editor: the live view's glyph, its label, and connection handles (top in, bottom out). */
export function SldNodeView({ data, selected }: NodeProps<SldNode>) {
  const { el, text, readOnly } = data;
  const ring = selected ? { outline: `1px dashed ${palette.primary}`, outlineOffset: 3 } : {};
  const handles = (busH: boolean) =>
    readOnly ? null : busH ? (
      <>
        <Handle type="target" position={Position.Top} style={{ ...strip, left: 0, width: '100%', height: 5, transform: 'none', top: 0 }} />
        <Handle type="source" position={Position.Bottom} style={{ ...strip, left: 0, width: '100%', height: 5, transform: 'none', bottom: 0, top: 'auto' }} />
      </>
    ) : (
      <>
        <Handle type="target" position={Position.Top} style={dot} />
        <Handle type="source" position={Position.Bottom} style={dot} />
      </>
    );

  if (el.type === 'busbar') {
    const h = el.orientation !== 'v';
    const colour = el.voltage_kv >= 1 ? BUS_COLOR.hv : BUS_COLOR.lv;
    return (
      <div data-testid={`sld-node-${el.id}`} data-type="busbar" title={text} style={{ width: '100%', height: '100%', position: 'relative', ...ring }}>
        <div style={h ? { position: 'absolute', left: 0, right: 0, top: BUS_THICK / 2 - 3, height: 6, borderRadius: 3, background: colour } : { position: 'absolute', top: 0, bottom: 0, left: BUS_THICK / 2 - 3, width: 6, borderRadius: 3, background: colour }} />
        <span style={{ position: 'absolute', left: 0, bottom: '100%', whiteSpace: 'nowrap', fontSize: 12, color: palette.textSecondary, pointerEvents: 'none' }}>{text}</span>
        {handles(h)}
      </div>
    );
  }
  if (el.type === 'label') {
    return (
      <div data-testid={`sld-node-${el.id}`} data-type="label" style={{ fontSize: 12, color: palette.textSecondary, whiteSpace: 'nowrap', ...ring }}>
        {text || el.id}
      </div>
    );
  }
  const box = SYMBOL_BOX[el.type];
  return (
    <div data-testid={`sld-node-${el.id}`} data-type={el.type} data-device={el.device_id ?? ''} title={text} style={{ width: box.w, height: box.h, position: 'relative', ...ring }}>
      <svg width={box.w} height={box.h} viewBox={`${-box.w / 2} ${-box.h / 2} ${box.w} ${box.h}`} style={{ display: 'block', overflow: 'visible' }}>
        <SymbolGlyph kind={el.type} state={el.type === 'breaker' || el.type === 'switch' || el.type === 'disconnector' ? 'closed' : 'unknown'} />
      </svg>
      <span style={{ position: 'absolute', left: box.w + 4, top: box.h / 2 - 8, whiteSpace: 'nowrap', fontSize: 11, color: palette.textSecondary, pointerEvents: 'none' }}>
        {fitLabel(text, 16)}
        {el.device_id !== null && <span style={{ color: WIRE }}> ⚡</span>}
      </span>
      {handles(false)}
    </div>
  );
}

/** A wire in the editor, routed exactly as the live view routes it (diagram/model.ts wirePoints). */
export function SldEdgeView({ id, data, selected }: EdgeProps<SldEdge>) {
  const points = data?.points ?? [];
  const d = points.map(([x, y], i) => `${i ? 'L' : 'M'} ${x} ${y}`).join(' ');
  return (
    <g data-testid={`sld-edge-${id}`}>
      <path d={d} fill="none" stroke="transparent" strokeWidth={12} className="react-flow__edge-interaction" />
      <path d={d} fill="none" style={{ stroke: selected ? palette.warning : WIRE, strokeWidth: 2 }} className="react-flow__edge-path" />
    </g>
  );
}
