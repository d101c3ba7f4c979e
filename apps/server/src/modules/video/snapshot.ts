/**
 * A demo camera's picture when there is no ffmpeg (docs/video.md): an SVG with the camera's name and the site's
 * wall clock, like an NVR overlay, so the console still shows something that changes every second.
 */
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function snapshotSvg(name: string, stamp: string): string {
  const bars = ['#c0c0c0', '#c0c000', '#00c0c0', '#00c000', '#c000c0', '#c00000', '#0000c0']
    .map((c, i) => `<rect x="${i * 92}" y="0" width="92" height="250" fill="${c}"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">${bars}` +
    `<rect y="250" width="640" height="110" fill="#1f2a33"/>` +
    `<rect x="8" y="8" width="${Math.min(624, 24 + name.length * 16)}" height="36" fill="#000" fill-opacity="0.55"/>` +
    `<text x="20" y="33" fill="#fff" font-family="sans-serif" font-size="20">${escapeXml(name)}</text>` +
    `<text x="20" y="340" fill="#fff" font-family="monospace" font-size="22">${escapeXml(stamp)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
