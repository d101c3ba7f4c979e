import { crc32, deflateSync } from 'node:zlib';

/** A real RGB PNG of the given size (a two-colour face-ish gradient), for photo-upload tests. */
export function makePng(width: number, height: number, seed = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const dx = x - width / 2;
      const dy = y - height / 2;
      const inFace = dx * dx + dy * dy < (Math.min(width, height) / 3) ** 2;
      raw[row + 1 + x * 3] = inFace ? 235 : (seed * 40 + 60) % 256;
      raw[row + 2 + x * 3] = inFace ? 200 : 120;
      raw[row + 3 + x * 3] = inFace ? 170 : (y * 255) / height;
    }
  }
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG chunk (length, type, data, CRC). */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number): Buffer {
  const h = Buffer.alloc(13);
  h.writeUInt32BE(width, 0);
  h.writeUInt32BE(height, 4);
  h[8] = 8;
  h[9] = 2;
  return pngChunk('IHDR', h);
}

/**
 * The four "images" of issue 24 item 8 that a magic-byte check let through: each passes a look at its first
 * bytes, none is an image a browser should be handed. `big` is small on the wire (a few KB of deflated zeros) but declares 20 000 × 20 000 pixels (1.2 GB decoded).
 */
export function attackImages(): { name: string; bytes: Buffer }[] {
  // The first 200 rows of black pixels: enough to decode into gigabytes if nothing checked the header first.
  const bigIdat = deflateSync(Buffer.alloc((20_000 * 3 + 1) * 200), { level: 9 });
  return [
    { name: 'PNG magic + <svg><script>', bytes: Buffer.concat([PNG_SIGNATURE, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>')]) },
    { name: 'JPEG magic + HTML', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]) },
    { name: 'IHDR-only PNG + <svg onload>', bytes: Buffer.concat([PNG_SIGNATURE, ihdr(640, 480), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')]) },
    { name: 'PNG declaring 20000×20000', bytes: Buffer.concat([PNG_SIGNATURE, ihdr(20_000, 20_000), pngChunk('IDAT', bigIdat), pngChunk('IEND', Buffer.alloc(0))]) },
  ];
}
