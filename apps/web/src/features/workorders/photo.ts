/** Longest side of a photo after resizing on the phone (px), and the JPEG quality. */
export const PHOTO_MAX_SIDE = 1280;
export const PHOTO_QUALITY = 0.8;

/** The size to draw an image of w×h at so its longest side is at most `max` (never enlarged). */
export function fitWithin(w: number, h: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(w, h, 1));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}

/**
 * A photo from the phone's camera, resized on the phone with a canvas before upload (a 12 MP photo becomes a
 * JPEG of a few hundred kB); returns the base64 JPEG without the data-URL prefix.
 */
export async function resizePhoto(file: Blob): Promise<string> {
  const img = await loadImage(file);
  const { width, height } = fitWithin(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', PHOTO_QUALITY).replace(/^data:image\/jpeg;base64,/, '');
}
