import type { RobotPlan, RobotTaskState } from '@gridops/contract';

/**
 * The room plan as drawn (RoomPlan.tsx): a pure function of the plan, the route and the robot's state, so it is
 * tested from fixtures. Coordinates stay in metres (the SVG's viewBox is the room); x runs along the width, y
 * along the depth from the back wall.
 */
export type StopStatus = 'pending' | 'current' | 'done' | 'alarm';

export interface PlanStop {
  name: string;
  x: number;
  y: number;
  /** Readings at the stop: null = not read yet, else whether each is within its limits. */
  readings: { ok: boolean | null }[];
}

export interface PlanState {
  x: number | null;
  y: number | null;
  heading: number | null;
  task_state: RobotTaskState | null;
  /** 1-based stop being driven to or read at; 0 = the dock. */
  stop: number | null;
}

export const STOP_COLOURS: Record<StopStatus, string> = { pending: '#8c8c8c', current: '#1677ff', done: '#52c41a', alarm: '#ff4d4f' };

export interface PlanModel {
  viewBox: string;
  width: number;
  depth: number;
  cabinets: { x: number; y: number; w: number; d: number; label: string }[];
  dock: { x: number; y: number };
  /** dock → stops in order → dock, as an SVG polyline's points. */
  route: string;
  stops: { n: number; x: number; y: number; name: string; status: StopStatus; colour: string }[];
  robot: { x: number; y: number; heading: number } | null;
}

/**
 * A stop's status: alarm when a reading is out of its limits, current while the robot drives to or reads at it,
 * done when every reading has a value (or the robot passed it this round), pending otherwise.
 */
export function stopStatus(index: number, stop: PlanStop, state: PlanState | null): StopStatus {
  if (stop.readings.some((r) => r.ok === false)) return 'alarm';
  const target = state?.stop ?? 0;
  const running = state?.task_state === 'moving' || state?.task_state === 'reading';
  if (running && target === index + 1) return 'current';
  if ((running && target > index + 1) || state?.task_state === 'returning') return 'done';
  return stop.readings.length > 0 && stop.readings.every((r) => r.ok !== null) ? 'done' : 'pending';
}

const r2 = (v: number) => Math.round(v * 100) / 100;

export function planModel(plan: RobotPlan, stops: PlanStop[], state: PlanState | null, lang = 'zh'): PlanModel {
  const margin = 0.4;
  const path = [plan.dock, ...stops, plan.dock].map((p) => `${r2(p.x)},${r2(p.y)}`).join(' ');
  return {
    viewBox: `${-margin} ${-margin} ${r2(plan.width_m + 2 * margin)} ${r2(plan.depth_m + 2 * margin)}`,
    width: plan.width_m,
    depth: plan.depth_m,
    cabinets: plan.cabinets.map((c) => ({ x: c.x, y: c.y, w: c.w, d: c.d, label: lang === 'en' ? c.name_en : c.name })),
    dock: plan.dock,
    route: path,
    stops: stops.map((s, i) => {
      const status = stopStatus(i, s, state);
      return { n: i + 1, x: s.x, y: s.y, name: s.name, status, colour: STOP_COLOURS[status] };
    }),
    robot: state && state.x !== null && state.y !== null ? { x: state.x, y: state.y, heading: state.heading ?? 0 } : null,
  };
}

/** A click on the plan (client pixels in the SVG's box) → metres inside the room, rounded to 0.1 m. */
export function planPoint(plan: RobotPlan, box: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): { x: number; y: number } {
  const margin = 0.4;
  const w = plan.width_m + 2 * margin;
  const h = plan.depth_m + 2 * margin;
  // preserveAspectRatio xMidYMid meet: the room is scaled to fit and centred in the box.
  const scale = Math.min(box.width / w, box.height / h);
  const offX = (box.width - w * scale) / 2;
  const offY = (box.height - h * scale) / 2;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v * 10) / 10));
  return { x: clamp((clientX - box.left - offX) / scale - margin, plan.width_m), y: clamp((clientY - box.top - offY) / scale - margin, plan.depth_m) };
}

/** A cabinet's name cut to what fits its width (CJK characters are about 1 em wide, Latin about 0.6 em). */
export function fitLabel(label: string, width: number, fontSize: number): string {
  const em = /[\u3400-\u9fff]/.test(label) ? 1 : 0.6;
  const fits = Math.max(2, Math.floor(width / (fontSize * em)) - 1);
  return label.length > fits ? `${label.slice(0, fits)}…` : label;
}
