import { deflateSync } from 'node:zlib';
import { faceDeleteCommandParams, faceSyncCommandParams, type FaceEventPayload } from '@gridops/contract';
import { formatInZone } from '@gridops/format';

/**
 * The face-recognition door terminals of one gateway (docs/face-library.md, docs/gateway-protocol.md): they keep
 * the people the server enrolled with `face_sync` in memory (a real terminal keeps them in flash), forget them on
 * `face_delete`, and report recognitions on `…/face_event` — enrolled people during the working day (passed when
 * today and now are inside their validity and weekly window, denied otherwise), and now and then a stranger,
 * more often at night.
 */
interface Enrolled {
  name: string;
  validFrom: string | null;
  validUntil: string | null;
  days: number[];
  timeFrom: string;
  timeTo: string;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A small grey-scale PNG (64×64, ~1 KB) of a head and shoulders, lighter for a match and darker for a stranger,
 * with a seed-dependent face shape: what a terminal's capture looks like at thumbnail size.
 */
export function faceSnapshotPng(seed: number, stranger: boolean): string {
  const W = 64;
  const rows: Buffer[] = [];
  const rx = 13 + (seed % 5);
  const ry = 17 + (seed % 3);
  for (let y = 0; y < W; y++) {
    const row = Buffer.alloc(W + 1);
    for (let x = 0; x < W; x++) {
      const face = ((x - 32) / rx) ** 2 + ((y - 26) / ry) ** 2 <= 1;
      const shoulders = y > 46 && Math.abs(x - 32) < 10 + (y - 46) * 1.4;
      const eye = (Math.abs(x - 26) < 2 || Math.abs(x - 38) < 2) && Math.abs(y - 23) < 2;
      const bg = stranger ? 40 : 90;
      row[x + 1] = eye ? 30 : face ? (stranger ? 120 : 200) : shoulders ? (stranger ? 70 : 140) : bg + ((x + y + seed) % 7);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(W, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // grey-scale
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Working day on site (7:00–20:00): staff come and go; outside it only the odd stranger shows up. */
const isDay = (hhmm: string) => hhmm >= '07:00' && hhmm < '20:00';

export class FaceTerminals {
  private readonly enrolled = new Map<string, Map<number, Enrolled>>();
  private events: FaceEventPayload[] = [];
  private seq = 0;

  constructor(
    private readonly gatewaySn: string,
    terminalSns: readonly string[],
    private readonly zone: string,
    private readonly rng: () => number,
  ) {
    for (const sn of terminalSns) this.enrolled.set(sn, new Map());
  }

  get terminals(): string[] {
    return [...this.enrolled.keys()];
  }
  enrolledCount(sn: string): number {
    return this.enrolled.get(sn)?.size ?? 0;
  }
  enrolledIds(sn: string): number[] {
    return [...(this.enrolled.get(sn)?.keys() ?? [])];
  }

  /** `face_sync` / `face_delete` / the test hook `face_event`; null when accepted, else why not. */
  command(command: string, params: unknown, t: number): string | null {
    if (command === 'face_sync') {
      const p = faceSyncCommandParams.safeParse(params);
      if (!p.success) return `bad face_sync params: ${p.error.issues[0]?.path.join('.') ?? ''} ${p.error.issues[0]?.message ?? ''}`.trim();
      const set = this.enrolled.get(p.data.device_sn);
      if (!set) return `no face terminal ${p.data.device_sn}`;
      if (Buffer.from(p.data.photo, 'base64').length < 100) return 'the photo holds no face';
      set.set(p.data.person_id, { name: p.data.name, validFrom: p.data.valid_from, validUntil: p.data.valid_until, days: p.data.days, timeFrom: p.data.time_from, timeTo: p.data.time_to });
      return null;
    }
    if (command === 'face_delete') {
      const p = faceDeleteCommandParams.safeParse(params);
      if (!p.success) return 'bad face_delete params';
      const set = this.enrolled.get(p.data.device_sn);
      if (!set) return `no face terminal ${p.data.device_sn}`;
      set.delete(p.data.person_id);
      return null;
    }
    // Test hook: a recognition now (params: device_sn, person_id (enrolled) or stranger).
    const o = (params ?? {}) as { device_sn?: unknown; person_id?: unknown };
    const sn = typeof o.device_sn === 'string' ? o.device_sn : '';
    const set = this.enrolled.get(sn);
    if (!set) return `no face terminal ${sn}`;
    if (o.person_id !== undefined && o.person_id !== null && !(typeof o.person_id === 'number' && set.has(o.person_id))) return `person ${String(o.person_id)} is not enrolled on ${sn}`;
    this.recognise(sn, typeof o.person_id === 'number' ? o.person_id : null, t);
    return null;
  }

  takeEvents(): FaceEventPayload[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  /** Random recognitions: `ratePerHour` per terminal by day (strangers 1 in 10), a tenth of it at night (all strangers). */
  tick(t: number, dtMs: number, ratePerHour: number) {
    if (ratePerHour <= 0) return;
    const day = isDay(formatInZone(t, this.zone, 'HH:mm'));
    const p = Math.min(1, ((day ? ratePerHour : ratePerHour / 10) * dtMs) / 3_600_000);
    for (const [sn, set] of this.enrolled) {
      if (this.rng() >= p) continue;
      const ids = [...set.keys()];
      const stranger = !day || ids.length === 0 || this.rng() < 0.1;
      this.recognise(sn, stranger ? null : ids[Math.floor(this.rng() * ids.length)]!, t);
    }
  }

  /** Whether an enrolled person may pass now: validity dates and the weekly window, in site time. */
  private mayPass(e: Enrolled, t: number): boolean {
    const date = formatInZone(t, this.zone, 'YYYY-MM-DD');
    const hhmm = formatInZone(t, this.zone, 'HH:mm');
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (e.validFrom && date < e.validFrom) return false;
    if (e.validUntil && date > e.validUntil) return false;
    return e.days.includes(weekday) && hhmm >= e.timeFrom && hhmm < e.timeTo;
  }

  private recognise(sn: string, personId: number | null, t: number) {
    const e = personId === null ? undefined : this.enrolled.get(sn)?.get(personId);
    const seed = ++this.seq;
    const score = e ? 0.86 + this.rng() * 0.13 : 0.2 + this.rng() * 0.35;
    this.events.push({
      id: `${this.gatewaySn}-${sn}-${t}-${seed}`,
      ts: t,
      device_sn: sn,
      person_id: e ? personId : null,
      score: Math.round(score * 1000) / 1000,
      result: e && this.mayPass(e, t) ? 'pass' : 'deny',
      snapshot: faceSnapshotPng((personId ?? 1000 + seed) * 7919, !e),
    });
  }
}
