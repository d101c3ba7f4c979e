import { AI_EVENT_TYPES, type AiBox, type AiEventPayload, type AiEventType } from '@gridops/contract';
import { formatInZone } from '@gridops/format';

/**
 * What an edge AI box on a site camera posts (docs/gateway-protocol.md "AI events"): a detection with its type,
 * confidence, boxes around what it saw and the frame as a small SVG with the boxes drawn, the way NVRs send
 * their alarm pictures. The simulated box fires a few times per hour per camera (`ratePerHour`).
 */
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** How many boxes a type shows: a crowd is several people, the others one. */
const boxCount = (type: AiEventType, rng: () => number) => (type === 'crowd' ? 4 + Math.floor(rng() * 3) : 1);

export function detectionBoxes(type: AiEventType, rng: () => number): AiBox[] {
  return Array.from({ length: boxCount(type, rng) }, () => {
    const w = type === 'fire_smoke' ? 0.2 + rng() * 0.15 : 0.08 + rng() * 0.06;
    const h = type === 'fall' ? w * 0.8 : Math.min(0.6, w * 2.6);
    const x = rng() * (1 - w);
    const y = 0.2 + rng() * (0.8 - h);
    const r = (v: number) => Math.round(v * 1000) / 1000;
    return { x: r(x), y: r(y), w: r(w), h: r(h), label: type === 'fire_smoke' ? 'fire' : 'person', score: r(0.6 + rng() * 0.39) };
  });
}

export function detectionSnapshot(camera: string, type: AiEventType, boxes: readonly AiBox[], ts: number, zone: string): string {
  const W = 320;
  const H = 180;
  const rects = boxes
    .map((b) => `<rect x="${(b.x * W).toFixed(1)}" y="${(b.y * H).toFixed(1)}" width="${(b.w * W).toFixed(1)}" height="${(b.h * H).toFixed(1)}" fill="#90a4ae" fill-opacity="0.5"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#263238"/><rect y="120" width="${W}" height="60" fill="#37474f"/>${rects}` +
    `<text x="8" y="16" fill="#fff" font-family="monospace" font-size="11">${escapeXml(camera)} AI:${type}</text>` +
    `<text x="8" y="172" fill="#ffeb3b" font-family="monospace" font-size="11">${escapeXml(formatInZone(ts, zone))}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** One detection on camera `code` at `t`. */
export function makeDetection(opts: { gateway: string; code: string; t: number; zone: string; rng: () => number; type?: AiEventType; seq: number }): AiEventPayload {
  const { rng } = opts;
  const type = opts.type ?? AI_EVENT_TYPES[Math.floor(rng() * AI_EVENT_TYPES.length)]!;
  const boxes = detectionBoxes(type, rng);
  return {
    id: `${opts.gateway}-${opts.t}-${opts.seq}`,
    ts: opts.t,
    camera: opts.code,
    type,
    confidence: Math.round((0.55 + rng() * 0.44) * 1000) / 1000,
    boxes,
    snapshot: detectionSnapshot(opts.code, type, boxes, opts.t, opts.zone),
    ...(type === 'intrusion' ? { zone: 'Zone A' } : {}),
  };
}

/** Chance per tick that one camera fires, for `ratePerHour` detections per camera and hour. */
export const chancePerTick = (ratePerHour: number, dtMs: number) => Math.min(1, (ratePerHour * dtMs) / 3_600_000);
