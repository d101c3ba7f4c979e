// Writes the worker app's PNG icons (public/icons/) from the favicon's shapes: a rounded dark-blue square with the
// cyan bolt. Plain Node (zlib) so no image tool is needed: `node apps/web/scripts/make-pwa-icons.mjs`.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BOLT = [[18, 4], [8, 18], [15, 18], [13, 28], [24, 13], [17, 13]]; // favicon.svg path, 32×32 units
const inside = (x, y, poly) => {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
};
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};

function icon(size, { maskable }) {
  const rows = [];
  const pad = maskable ? 0.1 : 0; // maskable: the safe zone keeps the bolt inside the centre 80 %
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const u = ((x + 0.5) / size - pad) / (1 - 2 * pad) * 32;
      const v = ((y + 0.5) / size - pad) / (1 - 2 * pad) * 32;
      const r = 6;
      const cx = Math.min(Math.max(u, r), 32 - r);
      const cy = Math.min(Math.max(v, r), 32 - r);
      const inSquare = maskable || ((u - cx) ** 2 + (v - cy) ** 2 <= r * r && u >= 0 && v >= 0 && u <= 32 && v <= 32);
      const px = inside(u, v, BOLT) ? [0x36, 0xcf, 0xc9, 255] : inSquare ? [0x0b, 0x2a, 0x55, 255] : [0, 0, 0, 0];
      row.set(px, 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('worker-192.png', out), icon(192, { maskable: false }));
writeFileSync(new URL('worker-512.png', out), icon(512, { maskable: false }));
writeFileSync(new URL('worker-maskable-512.png', out), icon(512, { maskable: true }));
