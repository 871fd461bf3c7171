// What an avatar is stored as, whatever was sent: every viewer of a leaderboard downloads it. The upload
// must decode as a JPEG (what the crop dialog makes); it is then drawn again by our own encoder, so what
// is stored is pixels only: no EXIF (GPS position, camera), XMP, ICC profile, comment, or bytes hidden
// after the image. Larger pictures are scaled down to fit AVATAR_CROP_MAX_PX. Pure JavaScript (jpeg-js):
// no native module in the Lambda bundle.
import { decode, encode } from 'jpeg-js';
import { AVATAR_CROP_MAX_PX } from '#shared/constants.ts';
import { DomainError } from '#functions/platform/errors.ts';

/** The most a stored avatar may weigh; a 512x512 photo at our quality is ~30-90 KB. */
export const AVATAR_STORED_MAX_BYTES = 256 * 1024;
/** Refused before decoding (a "pixel flood": a 5 MB upload may declare any size); a 12 MP photo decodes in ~5 s. */
const MAX_DECODED_MEGAPIXELS = 12;
const MAX_DECODE_MEMORY_MB = 256;
/** Tried in turn until the encoded picture fits AVATAR_STORED_MAX_BYTES (noise-like pictures need less). */
const QUALITIES = [85, 70, 50];

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The avatar to store: a JPEG of at most AVATAR_CROP_MAX_PX square and AVATAR_STORED_MAX_BYTES. */
export function normaliseAvatar(upload: Uint8Array): Buffer {
  const picture = fitWithin(decodeJpeg(upload), AVATAR_CROP_MAX_PX);
  for (const quality of QUALITIES) {
    // A new object on purpose: jpeg-js copies `comments` and `exifBuffer` of what it is given.
    const { data } = encode({ width: picture.width, height: picture.height, data: picture.data }, quality);
    if (data.length <= AVATAR_STORED_MAX_BYTES) return data;
  }
  throw new DomainError('avatar-too-large');
}

function decodeJpeg(upload: Uint8Array): Rgba {
  if (!(upload[0] === 0xff && upload[1] === 0xd8 && upload[2] === 0xff)) throw new DomainError('avatar-bad-type');
  try {
    return decode(upload, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_DECODED_MEGAPIXELS,
      maxMemoryUsageInMB: MAX_DECODE_MEMORY_MB,
    });
  } catch (error) {
    if (/maxResolutionInMP|maxMemoryUsageInMB/.test(String(error))) throw new DomainError('avatar-too-large');
    throw new DomainError('avatar-bad-type');
  }
}

/** Scales down (never up) to fit a max x max box, each output pixel the average of the input pixels it covers. */
export function fitWithin(picture: Rgba, max: number): Rgba {
  const scale = Math.min(1, max / Math.max(picture.width, picture.height));
  if (scale === 1) return picture;
  const width = Math.max(1, Math.round(picture.width * scale));
  const height = Math.max(1, Math.round(picture.height * scale));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const top = Math.floor((y * picture.height) / height);
    const bottom = Math.max(top + 1, Math.floor(((y + 1) * picture.height) / height));
    for (let x = 0; x < width; x++) {
      const left = Math.floor((x * picture.width) / width);
      const right = Math.max(left + 1, Math.floor(((x + 1) * picture.width) / width));
      const sums = [0, 0, 0, 0];
      for (let sy = top; sy < bottom; sy++) {
        for (let sx = left; sx < right; sx++) {
          const from = (sy * picture.width + sx) * 4;
          for (let c = 0; c < 4; c++) sums[c] += picture.data[from + c];
        }
      }
      const count = (bottom - top) * (right - left);
      const to = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) data[to + c] = Math.round(sums[c] / count);
    }
  }
  return { width, height, data };
}
