import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GPS_MARKER, jpegWithGps, storedImageFacts } from '../test-support/photo.js';
import { attackImages, makePng } from '../test-support/png.js';
import { AppError } from './errors.js';
import { guardImage, guardImageDataUrl } from './imageGuard.js';

const rule = { field: 'photo', label: { zh: '照片', en: 'photo' }, maxBytes: 2 * 1024 * 1024 };

describe('image guard', () => {
  it.each(attackImages())('refuses $name with a Validation error naming the field', async ({ bytes }) => {
    const err = await guardImage(bytes, rule).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 10006, field: 'photo' });
  });

  it('names the pixel limit when the header declares too many pixels', async () => {
    const big = attackImages()[3]!.bytes;
    await expect(guardImage(big, rule)).rejects.toThrow(/at most 8000×8000 pixels and 40 megapixels \(this one is 20000×20000\)/);
  });

  it('refuses SVG and GIF from uploads, and more bytes than the field allows', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(guardImage(svg, rule)).rejects.toThrow(/must be a JPEG, PNG or WebP image/);
    const gif = await sharp(makePng(20, 20)).gif().toBuffer();
    await expect(guardImage(gif, rule)).rejects.toThrow(/must be a JPEG, PNG or WebP image/);
    await expect(guardImage(makePng(300, 300), { ...rule, maxBytes: 1024 })).rejects.toThrow(/must be at most 1 KB/);
    await expect(guardImage(makePng(100, 100), { ...rule, minSidePx: 200 })).rejects.toThrow(/at least 200×200 pixels \(this one is 100×100\)/);
  });

  it('re-encodes a photo without its EXIF (GPS) and drops anything appended after the image', async () => {
    const photo = await jpegWithGps();
    expect(await storedImageFacts(photo)).toMatchObject({ hasExif: true, mentionsCamera: true });
    const polyglot = Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')]);
    const out = await guardImage(polyglot, rule);
    expect(out).toMatchObject({ mime: 'image/jpeg', width: 400, height: 300 });
    expect(await storedImageFacts(out.bytes)).toEqual({ format: 'jpeg', width: 400, height: 300, hasExif: false, mentionsCamera: false });
    expect(out.bytes.includes('<script>')).toBe(false);
    expect(out.bytes.includes(GPS_MARKER)).toBe(false);
    const png = await guardImage(makePng(64, 48), rule);
    expect(png).toMatchObject({ mime: 'image/png', width: 64, height: 48 });
  });

  it('rasterises a gateway SVG to PNG only when asked; its script never survives', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#123"/><script>alert(1)</script></svg>';
    const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    expect(await guardImageDataUrl(url, rule)).toBeNull();
    const out = await guardImageDataUrl(url, { ...rule, rasteriseSvg: true });
    expect(out?.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(out?.image).toMatchObject({ width: 320, height: 180 });
    expect(out?.image.bytes.includes('script')).toBe(false);
  });
});
