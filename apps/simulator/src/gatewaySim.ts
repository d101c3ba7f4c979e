import { AI_EVENT_TYPES, assetProblem, essStrategyCommandParams, type AiEventPayload, type RobotRoundPayload, AUX_SETPOINTS, type DeviceKind, type FaceEventPayload, isAuxKind, type SimulatorDevice, type SimulatorGateway, type TelemetryPayload, BUILDING_SETPOINTS, isBuildingSwitched } from '@gridops/contract';
import { captureImage } from './captureImage.js';
import { chancePerTick, makeDetection } from './aiDetections.js';
import { FaceTerminals } from './faceTerminal.js';
import { CAPTURE_FAULTS, faultApplies, isFaultKind, randomFaultsFor, type FaultKind } from './faults.js';
import { SiteModel, siteSeedOf } from './models/site.js';
import { hashString } from './noise.js';
import { RobotFleet } from './robotFleet.js';

export interface CapturePayload {
  ts: number;
  device_sn: string;
  img: string;
  msg: string;
  /** The same text in English (docs/gateway-protocol.md, captures). */
  msg_en: string;
}

/** A telemetry payload as the simulator builds it: the contract's shape, with numbers only. */
export interface Telemetry extends TelemetryPayload {
  devices: { sn: string; values: Record<string, number> }[];
}

export interface CommandResult {
  id: string;
  ok: boolean;
  ts: number;
  error?: string;
}

export interface GatewaySimOptions {
  intervalMs: number;
  /** Probability per tick that a random fault starts somewhere on this gateway. */
  faultRate: number;
  /** Injected so tests can make the random faults deterministic. */
  rng?: () => number;
  log?: (msg: string) => void;
  /** Load tests: publish only the first N catalogue points of each device. */
  pointsPerDevice?: number;
  /** Edge AI detections per camera and hour (docs/gateway-protocol.md "AI events"); 0 or absent = none. */
  aiRatePerHour?: number;
}

interface SimDevice {
  def: SimulatorDevice;
  /** Staged faults and when they expire (null: until clear_fault). */
  faults: Map<FaultKind, number | null>;
}

const FAULT_LABELS: Partial<Record<FaultKind, [zh: string, en: string]>> = {
  smoke: ['烟雾告警联动抓拍', 'smoke alarm snapshot'],
  water_leak: ['水浸告警联动抓拍', 'water leak snapshot'],
  door_open: ['门禁联动抓拍', 'door opened snapshot'],
  arc: ['故障电弧联动抓拍', 'fault arc snapshot'],
  over_temperature: ['超温告警联动抓拍', 'over-temperature snapshot'],
};
const MANUAL_SNAPSHOT: [zh: string, en: string] = ['手动抓拍', 'Manual snapshot'];

const asRecord = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * One field gateway and its devices, without the network: it produces telemetry for a given instant and
 * executes commands. Kept apart from the MQTT client so its behaviour is testable with plain function calls.
 */
export class GatewaySim {
  readonly sn: string;
  private readonly devices: SimDevice[];
  private readonly bySn = new Map<string, SimDevice>();
  /** The station's devices as one electrical system: parents measure their children plus losses. */
  private readonly site: SiteModel;
  private lastT: number | null = null;
  private readonly rng: () => number;
  private readonly log: (msg: string) => void;
  /** Gateway-wide comm loss: undefined = none, null = until clear_fault, number = until that time. */
  private silentUntil: number | null | undefined;
  private captures: CapturePayload[] = [];
  private aiEvents: AiEventPayload[] = [];
  private aiSeq = 0;
  /** The gateway's face door terminals: who is enrolled, and their recognitions. */
  readonly faces: FaceTerminals;
  /** The gateway's inspection robots and where each is (docs/robot.md). */
  private readonly robots: RobotFleet;

  constructor(
    private readonly gw: SimulatorGateway,
    private readonly opts: GatewaySimOptions,
  ) {
    this.sn = gw.sn;
    this.rng = opts.rng ?? Math.random;
    this.log = opts.log ?? (() => undefined);
    this.devices = gw.devices.map((def) => ({ def, faults: new Map() }));
    this.site = new SiteModel(
      gw.devices,
      { latitude: gw.latitude, longitude: gw.longitude, siteSeed: siteSeedOf(gw.latitude, gw.longitude), zone: gw.timezone },
      (sn) => hashString(`${gw.sn}/${sn}`),
    );
    for (const d of this.devices) this.bySn.set(d.def.sn, d);
    this.faces = new FaceTerminals(
      gw.sn,
      gw.devices.filter((d) => d.kind === 'access_terminal').map((d) => d.sn),
      gw.timezone,
      this.rng,
    );
    // Robots wait at their docks for their schedule or an operator, charged between 90 and 100 %.
    this.robots = new RobotFleet(gw.robots ?? [], gw.timezone, (sn) => 90 + (hashString(`${gw.sn}/${sn}`) % 11));
  }

  /** Inspection rounds finished since the last call (…/robot_round). */
  takeRobotRounds(): RobotRoundPayload[] {
    return this.robots.takeRounds();
  }

  /** Face recognitions since the last call (random ones paced by the AI rate, `face_event` commands). */
  takeFaceEvents(): FaceEventPayload[] {
    return this.faces.takeEvents();
  }

  /** True while a gateway-wide comm_loss is staged: the client then sends nothing but buffers. */
  isSilent(t: number): boolean {
    if (this.silentUntil === undefined) return false;
    if (this.silentUntil !== null && t >= this.silentUntil) {
      this.silentUntil = undefined;
      this.log(`${this.sn}: comm_loss cleared`);
      return false;
    }
    return true;
  }

  activeFaults(deviceSn: string): FaultKind[] {
    return [...(this.bySn.get(deviceSn)?.faults.keys() ?? [])];
  }

  /** Captures produced since the last call (fault snapshots, capture commands). */
  takeCaptures(): CapturePayload[] {
    const out = this.captures;
    this.captures = [];
    return out;
  }

  /** AI detections produced since the last call (random ones at the configured rate, `ai_event` commands). */
  takeAiEvents(): AiEventPayload[] {
    const out = this.aiEvents;
    this.aiEvents = [];
    return out;
  }

  /**
   * An edge AI box watches each camera (the demo configures two per camera device: its SN and SN-PTZ as
   * channel codes); each fires at `aiRatePerHour`.
   */
  private detect(t: number, dtMs: number) {
    const rate = this.opts.aiRatePerHour ?? 0;
    if (rate <= 0) return;
    const p = chancePerTick(rate, dtMs);
    for (const d of this.devices) {
      if (d.def.kind !== 'camera' || d.faults.has('comm_loss')) continue;
      for (const code of [d.def.sn, `${d.def.sn}-PTZ`]) {
        if (this.rng() < p) this.aiEvents.push(makeDetection({ gateway: this.sn, code, t, zone: this.gw.timezone, rng: this.rng, seq: ++this.aiSeq }));
      }
    }
  }

  /** Measures every device at time t. Devices with a staged comm_loss are left out, as a real gateway would. */
  tick(t: number): Telemetry {
    this.expireFaults(t);
    if (this.opts.faultRate > 0 && this.rng() < this.opts.faultRate) this.startRandomFault(t);
    const dtMs = this.lastT === null ? this.opts.intervalMs : Math.max(0, t - this.lastT);
    this.lastT = t;
    this.detect(t, dtMs);
    // The demo's pace: a terminal sees about four people an hour per AI detection a camera reports.
    this.faces.tick(t, dtMs, (this.opts.aiRatePerHour ?? 0) * 4);
    const samples = this.site.sample(t, dtMs, { faults: (sn) => new Set(this.bySn.get(sn)?.faults.keys() ?? []) });
    for (const sn of this.faces.terminals) {
      const v = samples.get(sn);
      if (v) v.enrolled = this.faces.enrolledCount(sn);
    }
    return {
      ts: t,
      devices: [
        ...this.devices
          .filter((d) => !(d.faults.has('comm_loss') && d.def.kind !== 'camera'))
          .map((d) => ({ sn: d.def.sn, values: this.trim(samples.get(d.def.sn) ?? {}) })),
        ...this.robots.tick(t, dtMs, (sn) => samples.get(sn), this.rng),
      ],
    };
  }


  private trim(values: Record<string, number>): Record<string, number> {
    const n = this.opts.pointsPerDevice;
    return n === undefined ? values : Object.fromEntries(Object.entries(values).slice(0, n));
  }

  private expireFaults(t: number) {
    for (const d of this.devices) {
      for (const [fault, until] of d.faults) {
        if (until !== null && t >= until) {
          d.faults.delete(fault);
          this.log(`${this.sn}/${d.def.sn}: ${fault} cleared`);
        }
      }
    }
  }

  /** Starts a fault; returns an error message when it does not apply. */
  startFault(fault: FaultKind, deviceSn: string | undefined, t: number, durationMs: number | null): string | null {
    if (deviceSn === undefined || deviceSn === this.sn) {
      if (fault !== 'comm_loss') return `${fault} needs a device_sn`;
      this.silentUntil = durationMs === null ? null : t + durationMs;
      this.log(`${this.sn}: comm_loss started (gateway silent)`);
      return null;
    }
    const d = this.bySn.get(deviceSn);
    if (!d) return `unknown device ${deviceSn}`;
    if (!faultApplies(fault, d.def.kind)) return `${fault} does not apply to a ${d.def.kind}`;
    d.faults.set(fault, durationMs === null ? null : t + durationMs);
    this.log(`${this.sn}/${deviceSn}: ${fault} started${durationMs === null ? '' : ` for ${Math.round(durationMs / 1000)} s`}`);
    if (CAPTURE_FAULTS.has(fault)) {
      const camera = this.devices.find((x) => x.def.kind === 'camera' && !x.faults.has('comm_loss'));
      if (camera) {
        const [zh, en] = FAULT_LABELS[fault] ?? [fault, fault];
        this.capture(camera, [`${d.def.name} ${zh}`, `${d.def.name_en || d.def.name}: ${en}`], t);
      }
    }
    return null;
  }

  /** Clears staged faults: one fault, all of a device, or (no device) everything including gateway comm loss. */
  clearFault(deviceSn: string | undefined, fault: FaultKind | undefined): string | null {
    if (deviceSn === undefined || deviceSn === this.sn) {
      if (fault === undefined || fault === 'comm_loss') this.silentUntil = undefined;
      for (const d of this.devices) {
        if (fault === undefined) d.faults.clear();
        else d.faults.delete(fault);
      }
      this.log(`${this.sn}: ${fault ?? 'all faults'} cleared`);
      return null;
    }
    const d = this.bySn.get(deviceSn);
    if (!d) return `unknown device ${deviceSn}`;
    if (fault === undefined) d.faults.clear();
    else d.faults.delete(fault);
    this.log(`${this.sn}/${deviceSn}: ${fault ?? 'all faults'} cleared`);
    return null;
  }

  private startRandomFault(t: number) {
    // Now and then the whole gateway goes quiet for longer than the server's 90 s heartbeat window.
    if (this.rng() < 0.05) {
      if (this.silentUntil === undefined) this.startFault('comm_loss', undefined, t, (120 + 120 * this.rng()) * 1000);
      return;
    }
    const candidates = this.devices.filter((d) => d.faults.size === 0 && randomFaultsFor(d.def.kind).length > 0);
    const d = candidates[Math.floor(this.rng() * candidates.length)];
    if (!d) return;
    const options = randomFaultsFor(d.def.kind);
    const fault = options[Math.floor(this.rng() * options.length)];
    // 2–5 minutes: longer than the slowest on-delay of the demo rules (60 s), short enough not to pile up.
    if (fault) this.startFault(fault, d.def.sn, t, (120 + 180 * this.rng()) * 1000);
  }

  private capture(camera: SimDevice, [msg, msgEn]: [string, string], t: number) {
    const img = captureImage(`${this.sn} ${camera.def.name_en || camera.def.name}`, msgEn, t, this.gw.timezone);
    this.captures.push({ ts: t, device_sn: camera.def.sn, img, msg, msg_en: msgEn });
  }

  /** Executes one message from the command topic. Returns null when it cannot be answered (no id). */
  command(raw: unknown, t: number): CommandResult | null {
    const msg = asRecord(raw);
    if (!msg || typeof msg.id !== 'string' || typeof msg.command !== 'string') return null;
    const params = asRecord(msg.params) ?? {};
    const deviceSn = typeof params.device_sn === 'string' ? params.device_sn : undefined;
    const done = (error: string | null): CommandResult => (error === null ? { id: msg.id as string, ok: true, ts: t } : { id: msg.id as string, ok: false, ts: t, error });
    switch (msg.command) {
      case 'simulate_fault': {
        if (!isFaultKind(params.fault)) return done(`unknown fault ${String(params.fault)}`);
        const duration = typeof params.duration_s === 'number' && params.duration_s > 0 ? params.duration_s * 1000 : null;
        return done(this.startFault(params.fault, deviceSn, t, duration));
      }
      case 'clear_fault': {
        if (params.fault !== undefined && !isFaultKind(params.fault)) return done(`unknown fault ${String(params.fault)}`);
        return done(this.clearFault(deviceSn, params.fault));
      }
      case 'breaker':
        return done(this.operateBreaker(deviceSn, params.close));
      case 'ai_event': {
        // Test hook: the camera's AI box reports a detection now (params: device_sn, type, ptz).
        const d = deviceSn === undefined ? undefined : this.bySn.get(deviceSn);
        if (!d || d.def.kind !== 'camera') return done(`no camera ${String(deviceSn)}`);
        const type = AI_EVENT_TYPES.find((k) => k === params.type);
        if (params.type !== undefined && !type) return done(`unknown AI event type ${String(params.type)}`);
        const code = params.ptz === true ? `${d.def.sn}-PTZ` : d.def.sn;
        this.aiEvents.push(makeDetection({ gateway: this.sn, code, t, zone: this.gw.timezone, rng: this.rng, seq: ++this.aiSeq, ...(type ? { type } : {}) }));
        return done(null);
      }
      case 'aux':
        return done(this.operateAux(deviceSn, params.run, params.setpoint));
      case 'face_sync':
      case 'face_delete':
      case 'face_event':
        return done(this.faces.command(msg.command, params, t));
      case 'robot_hot_spot':
        // Test hook: the robot's next telemetry carries this infrared reading as a hot spot (docs/robot.md).
        return done(this.robots.stageHotSpot(deviceSn, params.key));
      case 'robot_start_round':
        return done(this.robots.startRound(deviceSn));
      case 'building':
        return done(this.operateBuilding(deviceSn, params));
      case 'ess_strategy':
        return done(this.applyStrategy(params));
      case 'capture': {
        const d = deviceSn === undefined ? undefined : this.bySn.get(deviceSn);
        if (!d || d.def.kind !== 'camera') return done(`no camera ${String(deviceSn)}`);
        this.capture(d, MANUAL_SNAPSHOT, t);
        return done(null);
      }
      default:
        return done(`unknown command ${msg.command}`);
    }
  }

  /** The `aux` command: switches an auxiliary device and/or moves its set-point (docs/gateway-protocol.md). */
  private operateAux(deviceSn: string | undefined, run: unknown, setpoint: unknown): string | null {
    const d = deviceSn === undefined ? undefined : this.bySn.get(deviceSn);
    if (!d || !isAuxKind(d.def.kind)) return `no auxiliary device ${String(deviceSn)}`;
    if (run !== undefined && typeof run !== 'boolean') return 'params.run must be true or false';
    const sp = asRecord(setpoint);
    if (setpoint !== undefined && !sp) return 'params.setpoint must be { key, value }';
    if (run === undefined && !sp) return 'params.run or params.setpoint is required';
    let value: number | undefined;
    if (sp) {
      const def = AUX_SETPOINTS[d.def.kind];
      if (!def || sp.key !== def.key) return `${d.def.kind} has no set-point ${String(sp.key)}`;
      if (typeof sp.value !== 'number' || !Number.isFinite(sp.value) || sp.value < def.min || sp.value > def.max) return `${def.key} must be between ${def.min} and ${def.max}`;
      value = sp.value;
    }
    if (d.faults.has('comm_loss')) return `${d.def.sn} does not answer`;
    this.site.setAux(d.def.sn, { ...(typeof run === 'boolean' ? { run } : {}), ...(value !== undefined ? { setpoint: value } : {}) });
    this.log(`${this.sn}/${d.def.sn}: aux${typeof run === 'boolean' ? ` ${run ? 'on' : 'off'}` : ''}${value !== undefined ? ` set-point ${value}` : ''}`);
    return null;
  }

  /**
   * The `building` command (docs/gateway-protocol.md): switches a chiller, AHU, FCU group, VRF unit or lighting
   * circuit on or off, hands it back to its schedule (`auto: true`), and/or moves its set-point.
   */
  private operateBuilding(deviceSn: string | undefined, params: Record<string, unknown>): string | null {
    const d = deviceSn === undefined ? undefined : this.bySn.get(deviceSn);
    if (!d || !isBuildingSwitched(d.def.kind)) return `no building equipment ${String(deviceSn)}`;
    const { run, auto, setpoint } = params;
    const schedule = asRecord(params.schedule);
    if (params.schedule !== undefined) {
      const minute = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1440;
      if (!schedule || !minute(schedule.on) || !minute(schedule.off) || typeof schedule.everyday !== 'boolean') return 'params.schedule must be { on, off, everyday } in minutes of the day';
    }
    if (run !== undefined && typeof run !== 'boolean') return 'params.run must be true or false';
    if (auto !== undefined && auto !== true) return 'params.auto must be true';
    const sp = asRecord(setpoint);
    if (setpoint !== undefined && !sp) return 'params.setpoint must be { key, value }';
    if (run === undefined && auto === undefined && !sp && !schedule) return 'params.run, params.auto, params.setpoint or params.schedule is required';
    let value: number | undefined;
    if (sp) {
      const def = BUILDING_SETPOINTS[d.def.kind];
      if (!def || sp.key !== def.key) return `${d.def.kind} has no set-point ${String(sp.key)}`;
      if (typeof sp.value !== 'number' || !Number.isFinite(sp.value) || sp.value < def.min || sp.value > def.max) return `${def.key} must be between ${def.min} and ${def.max}`;
      value = sp.value;
    }
    if (d.faults.has('comm_loss')) return `${d.def.sn} does not answer`;
    const sched = schedule ? { on: schedule.on as number, off: schedule.off as number, everyday: schedule.everyday as boolean } : undefined;
    this.site.setBuilding(d.def.sn, { ...(typeof run === 'boolean' ? { run } : {}), ...(auto === true ? { auto: true } : {}), ...(value !== undefined ? { setpoint: value } : {}), ...(sched ? { schedule: sched } : {}) });
    this.log(`${this.sn}/${d.def.sn}: building${typeof run === 'boolean' ? ` ${run ? 'on' : 'off'}` : ''}${auto === true ? ' auto' : ''}${value !== undefined ? ` set-point ${value}` : ''}${sched ? ` schedule ${sched.on}–${sched.off}` : ''}`);
    return null;
  }

  /**
   * The `ess_strategy` command (docs/gateway-protocol.md): the PCS's controller takes the site's storage strategy
   * (or, null, goes back to its own plan). A strategy the controller cannot run is refused with the reason.
   */
  private applyStrategy(params: Record<string, unknown>): string | null {
    const parsed = essStrategyCommandParams.safeParse(params);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `params.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`;
    }
    const { device_sn: sn, strategy } = parsed.data;
    const d = this.bySn.get(sn);
    if (!d || d.def.kind !== 'pcs') return `no PCS ${sn}`;
    if (strategy) {
      const problem = assetProblem('ess', strategy);
      if (problem) return `${problem.field}: ${problem.en}`;
    }
    if (d.faults.has('comm_loss')) return `${sn} does not answer`;
    this.site.setStrategy(sn, strategy);
    this.log(`${this.sn}/${sn}: storage strategy ${strategy ? `set (${strategy.schedule.length} periods)` : 'cleared (own plan)'}`);
    return null;
  }

  /** The strategy a PCS follows now (tests). */
  strategyOf(sn: string) {
    return this.site.strategyOf(sn);
  }

  private operateBreaker(deviceSn: string | undefined, close: unknown): string | null {
    const d = deviceSn === undefined ? undefined : this.bySn.get(deviceSn);
    const breakerKinds: readonly DeviceKind[] = ['incomer', 'feeder'];
    if (!d || !breakerKinds.includes(d.def.kind)) return `no breaker on ${String(deviceSn)}`;
    if (typeof close !== 'boolean') return 'params.close must be true or false';
    if (d.faults.has('comm_loss')) return `${d.def.sn} does not answer`;
    this.site.setBreaker(d.def.sn, close);
    // Reclosing after a protection trip is how an operator clears it.
    if (close) d.faults.delete('breaker_trip');
    this.log(`${this.sn}/${d.def.sn}: breaker ${close ? 'closed' : 'opened'}`);
    return null;
  }
}
