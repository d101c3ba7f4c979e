import { formatInZone } from '@gridops/format';

/**
 * A stand-in camera snapshot: a small SVG as a data URL (a few hundred bytes, renders in any <img>), showing
 * the camera, the reason and the time the way an NVR overlays them. Real JPEG frames would only bloat the
 * broker and the event table in a demo.
 */
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `zone`: the site's IANA zone; the overlay shows the site's wall clock, as an NVR on site would. */
export function captureImage(camera: string, reason: string, ts: number, zone: string): string {
  const stamp = formatInZone(ts, zone);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">` +
    `<rect width="320" height="180" fill="#1f2a33"/><rect x="40" y="70" width="110" height="80" fill="#37474f"/>` +
    `<rect x="170" y="50" width="110" height="100" fill="#2e3b43"/><circle cx="300" cy="18" r="6" fill="#e53935"/>` +
    `<text x="10" y="22" fill="#fff" font-family="monospace" font-size="13">${escapeXml(camera)}</text>` +
    `<text x="10" y="170" fill="#ffeb3b" font-family="monospace" font-size="12">${escapeXml(stamp)} ${escapeXml(reason)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
