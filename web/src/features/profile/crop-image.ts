// Turns the crop chosen in the dialog into the uploaded file: a JPEG of at most 512x512 pixels.
import { AVATAR_CROP_MAX_PX } from '#shared/constants.ts';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Output size: the cropped area itself, scaled down (never up) to fit AVATAR_CROP_MAX_PX. */
export function croppedOutputSize(area: Pick<PixelArea, 'width' | 'height'>, max = AVATAR_CROP_MAX_PX) {
  const scale = Math.min(1, max / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

const JPEG_QUALITY = 0.9;

export async function cropToJpeg(imageSrc: string, area: PixelArea, fileName: string): Promise<File> {
  const image = await loadImage(imageSrc);
  const { width, height } = croppedOutputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: paint transparent PNG areas white rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('The image could not be encoded');
  const baseName = fileName.replace(/\.[^.]*$/, '') || 'avatar';
  return new File([blob], `${baseName}.jpg`, { type: 'image/jpeg' });
}
