import sharp, { type Metadata } from 'sharp';
import { ErrorCode } from '@gridops/contract';
import { AppError } from './errors.js';

/**
 * The one gate every stored image passes (docs/security.md "Uploaded images"): uploads from the console and
 * pictures gateways send. Magic bytes prove nothing (a PNG signature in front of an SVG, a JPEG header in front
 * of HTML, an IHDR with no pixels, a header declaring 20 000 × 20 000): the image is decoded by libvips (sharp),
 * its size checked before any pixel is decoded, and only the re-encoded pixels are kept — no EXIF (GPS), no ICC
 * or XMP, no comment chunks, nothing after the image data.
 */

/** Longest side accepted, in pixels. */
export const IMAGE_MAX_SIDE_PX = 8000;
/** Most pixels accepted (width × height): 40 Mpx, about 160 MB once decoded to RGBA. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** JPEG quality of the re-encoded photos: visually lossless for phone photos and scans. */
const JPEG_QUALITY = 85;

export type StoredImageType = 'image/png' | 'image/jpeg';

export interface GuardedImage {
  /** The re-encoded image: the only bytes that may be stored or served. */
  bytes: Buffer;
  mime: StoredImageType;
  width: number;
  height: number;
}

export interface ImageRule {
  /** The request field the image came from (named in the refusal). */
  field: string;
  /** What the image is, in both languages ("证书照片" / "certificate photo"), for the refusal. */
  label: { zh: string; en: string };
  /** Most bytes accepted as sent. */
  maxBytes: number;
  /** Shortest side required, in pixels (a face must be recognisable). */
  minSidePx?: number;
  /**
   * Gateways only (captures, AI snapshots; docs/gateway-protocol.md allows SVG overlays): an SVG is rasterised
   * to PNG by librsvg (no script runs, no external resource is fetched), under the same pixel limits, so what
   * the console shows is pixels, never markup. Never set for uploads from browsers.
   */
  rasteriseSvg?: boolean;
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

// Nothing decoded from an upload is kept in libvips' operation cache once its answer is written.
sharp.cache(false);

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

/** Decodes, checks and re-encodes one image; refuses with a Validation error naming the field and the limit. */
export async function guardImage(input: Buffer, rule: ImageRule): Promise<GuardedImage> {
  const { field, label } = rule;
  const refuse = (zh: string, en: string) => new AppError(ErrorCode.Validation, { zh: `${label.zh}${zh}`, en: `The ${label.en} ${en}` }, field);
  const notAnImage = () => refuse('须为 JPEG、PNG 或 WebP 图片', 'must be a JPEG, PNG or WebP image');
  if (input.length === 0) throw notAnImage();
  if (input.length > rule.maxBytes) throw refuse(`不能超过 ${sizeLabel(rule.maxBytes)}`, `must be at most ${sizeLabel(rule.maxBytes)}`);

  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', animated: false } as const;
  let meta: Metadata;
  try {
    // The header only (no pixel is decoded here), so its declared size can be named in the refusal; the decode
    // below still carries the pixel limit.
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const svg = meta.format === 'svg' && rule.rasteriseSvg === true;
  if (!meta.format || (!ACCEPTED.has(meta.format) && !svg)) throw notAnImage();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw notAnImage();
  if (width > IMAGE_MAX_SIDE_PX || height > IMAGE_MAX_SIDE_PX || width * height > IMAGE_MAX_PIXELS) {
    throw refuse(
      `不能超过 ${IMAGE_MAX_SIDE_PX}×${IMAGE_MAX_SIDE_PX} 像素、共 ${IMAGE_MAX_PIXELS / 1_000_000} 百万像素（当前 ${width}×${height}）`,
      `must be at most ${IMAGE_MAX_SIDE_PX}×${IMAGE_MAX_SIDE_PX} pixels and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels (this one is ${width}×${height})`,
    );
  }
  const min = rule.minSidePx ?? 1;
  if (width < min || height < min) {
    throw refuse(`至少 ${min}×${min} 像素（当前 ${width}×${height}）`, `must be at least ${min}×${min} pixels (this one is ${width}×${height})`);
  }

  // PNG stays PNG (scans, screenshots, transparency); photos become JPEG; WebP and SVG become whichever fits.
  const png = meta.format === 'png' || ((meta.format === 'webp' || svg) && meta.hasAlpha === true);
  try {
    // autoOrient applies the EXIF orientation to the pixels, since the EXIF itself is not kept (sharp writes
    // no metadata unless asked to).
    const pipeline = sharp(input, options).autoOrient();
    const { data, info } = await (png ? pipeline.png({ compressionLevel: 9 }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY })).toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // A header with no (or broken) pixel data behind it.
    throw notAnImage();
  }
}

/** The guarded image of a `data:image/…;base64,` URL from a gateway, as a data URL again; null when refused. */
export async function guardImageDataUrl(dataUrl: string, rule: ImageRule): Promise<{ dataUrl: string; image: GuardedImage } | null> {
  const m = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!m?.[1]) return null;
  try {
    const image = await guardImage(Buffer.from(m[1], 'base64'), rule);
    return { dataUrl: `data:${image.mime};base64,${image.bytes.toString('base64')}`, image };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** Bytes of a picture a gateway sends (a capture, an AI or face snapshot): what a 2 MB data URL holds. */
export const GATEWAY_IMAGE_MAX_BYTES = 1_500_000;

/**
 * A gateway's picture (data URL) decoded and re-encoded, SVG overlays rasterised: the data URL to store and
 * relay, or null when it is not an image within the limits (the caller drops or refuses it and says why).
 */
export async function guardGatewayImage(dataUrl: string, field: string): Promise<string | null> {
  const out = await guardImageDataUrl(dataUrl, { field, label: { zh: '网关图片', en: 'gateway picture' }, maxBytes: GATEWAY_IMAGE_MAX_BYTES, rasteriseSvg: true });
  return out?.dataUrl ?? null;
}
