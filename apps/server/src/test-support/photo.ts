import sharp from 'sharp';
import { makePng } from './png.js';

/** Where the test photo claims it was taken: written as EXIF GPS, must not survive the upload. */
export const GPS_LATITUDE = '22/1 32/1 1234/100';
export const GPS_MARKER = 'GridOpsTestCamera';

/** A real JPEG photo (decodable) carrying EXIF with GPS coordinates and a camera make, as phones write them. */
export async function jpegWithGps(width = 400, height = 300): Promise<Buffer> {
  return sharp(makePng(width, height, 3))
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: GPS_MARKER, Model: 'GPS-1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: GPS_LATITUDE, GPSLongitudeRef: 'E', GPSLongitude: '113/1 56/1 0/1' } })
    .toBuffer();
}

/** Whether `bytes` is a JPEG/PNG carrying any EXIF, and what sharp reads from it. */
export async function storedImageFacts(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return { format: m.format, width: m.width, height: m.height, hasExif: m.exif !== undefined, mentionsCamera: bytes.includes(GPS_MARKER) };
}
