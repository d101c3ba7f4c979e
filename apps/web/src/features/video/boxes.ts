import type { AiBox } from '@gridops/contract';
import type { CSSProperties } from 'react';

/**
 * Where a detection box sits over its snapshot: the box is normalised to the picture (0–1 from its top-left),
 * so percentages of the picture's frame place it at any size. `inset` pulls the frame in for the border.
 */
export function boxStyle(b: AiBox, opts: { color: string; showLabel: boolean }): CSSProperties {
  const pct = (v: number) => `${Math.round(v * 10000) / 100}%`;
  return {
    position: 'absolute',
    left: pct(b.x),
    top: pct(b.y),
    width: pct(b.w),
    height: pct(b.h),
    border: `2px solid ${opts.color}`,
    boxSizing: 'border-box',
    pointerEvents: 'none',
    ...(opts.showLabel ? {} : { overflow: 'hidden' }),
  };
}

/** The label drawn on a box: its class and score ("person 92%"), or nothing when labels are off. */
export function boxLabel(b: AiBox, showLabel: boolean): string {
  if (!showLabel) return '';
  const score = b.score === undefined ? '' : ` ${Math.round(b.score * 100)}%`;
  return `${b.label ?? ''}${score}`.trim();
}

/** Box colours by detection type: fire red, safety-gear orange, the rest yellow. */
export const boxColor = (type: string) => (type === 'fire_smoke' ? '#ff4d4f' : type === 'no_helmet' || type === 'no_workwear' ? '#fa8c16' : '#fadb14');
