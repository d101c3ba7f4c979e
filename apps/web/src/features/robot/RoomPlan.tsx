import type { RobotPlan } from '@gridops/contract';
import { useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fitLabel, planModel, planPoint, type PlanState, type PlanStop } from './planModel';

/**
 * The room plan in SVG (metres as user units): cabinets, the dock, the route, numbered stops in their status
 * colours and the robot with its heading. `onPick` makes it an editor: a click gives the point in metres.
 */
export function RoomPlan({ plan, stops, state, onPick, height = 320 }: { plan: RobotPlan; stops: PlanStop[]; state: PlanState | null; onPick?: (p: { x: number; y: number }) => void; height?: number }) {
  const { t, i18n } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const m = planModel(plan, stops, state, i18n.language);
  const pick = (e: MouseEvent<SVGSVGElement>) => {
    if (!onPick || !svg.current) return;
    onPick(planPoint(plan, svg.current.getBoundingClientRect(), e.clientX, e.clientY));
  };
  const font = Math.max(0.22, Math.min(0.34, m.width / 45));
  return (
    <svg
      ref={svg}
      viewBox={m.viewBox}
      preserveAspectRatio="xMidYMid meet"
      style={{ width: '100%', height, display: 'block', cursor: onPick ? 'crosshair' : 'default', background: 'rgba(127,127,127,0.06)' }}
      onClick={pick}
      role="img"
      aria-label={t('robot.plan')}
      data-testid="robot-plan"
    >
      <rect x={0} y={0} width={m.width} height={m.depth} fill="none" stroke="currentColor" strokeOpacity={0.5} strokeWidth={0.06} />
      {m.cabinets.map((c, i) => (
        <g key={`cab-${i}`}>
          <rect x={c.x} y={c.y} width={c.w} height={c.d} fill="#d9d9d9" fillOpacity={0.35} stroke="#8c8c8c" strokeWidth={0.03} />
          <text x={c.x + c.w / 2} y={c.y + c.d / 2} fontSize={font * 0.8} textAnchor="middle" dominantBaseline="middle" fill="currentColor" opacity={0.75}>
            {fitLabel(c.label, c.w, font * 0.8)}
          </text>
        </g>
      ))}
      <polyline points={m.route} fill="none" stroke="#1677ff" strokeOpacity={0.45} strokeWidth={0.05} strokeDasharray="0.2 0.12" />
      <g data-testid="robot-dock">
        <rect x={m.dock.x - 0.3} y={m.dock.y - 0.3} width={0.6} height={0.6} rx={0.08} fill="#faad14" fillOpacity={0.8} />
        <text x={m.dock.x} y={m.dock.y + 0.62} fontSize={font * 0.8} textAnchor="middle" fill="currentColor">
          {t('robot.dock')}
        </text>
      </g>
      {m.stops.map((s) => (
        <g key={`stop-${s.n}`} data-testid={`robot-stop-${s.n}`} data-status={s.status}>
          <circle cx={s.x} cy={s.y} r={0.26} fill={s.colour} stroke="#fff" strokeWidth={0.04} />
          <text x={s.x} y={s.y} fontSize={font} textAnchor="middle" dominantBaseline="central" fill="#fff" fontWeight={600}>
            {s.n}
          </text>
        </g>
      ))}
      {m.robot && (
        <g transform={`translate(${m.robot.x} ${m.robot.y}) rotate(${m.robot.heading})`} data-testid="robot-marker" data-x={m.robot.x} data-y={m.robot.y}>
          <circle r={0.34} fill="#722ed1" fillOpacity={0.9} stroke="#fff" strokeWidth={0.05} />
          <path d="M 0.12 -0.16 L 0.42 0 L 0.12 0.16 Z" fill="#fff" />
        </g>
      )}
    </svg>
  );
}
