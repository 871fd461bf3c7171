// Test pictures: JPEGs made by jpeg-js, and the same with the metadata a phone camera adds.
import { encode } from 'jpeg-js';

/** A JPEG of the given size: a colour gradient, or noise (which compresses worst). */
export function jpegOf(width: number, height: number, options: { noise?: boolean; quality?: number } = {}): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const [x, y] = [i % width, Math.floor(i / width)];
    const rgb = options.noise ? [Math.random() * 256, Math.random() * 256, Math.random() * 256] : [(x * 255) / width, (y * 255) / height, 128];
    data.set([...rgb, 255], i * 4);
  }
  return encode({ width, height, data }, options.quality ?? 90).data;
}

/** Where the picture was taken, as an EXIF block would say it. */
export const GPS_TEXT = 'GPSLatitude 12.9716 N GPSLongitude 77.5946 E';
/** Text of each kind of metadata withMetadata adds; none may survive in a stored avatar. */
export const METADATA_TEXTS = [GPS_TEXT, 'Exif', 'xmpmeta', 'ICC_PROFILE', 'secret comment', 'hidden after the image'];

const segment = (marker: number, payload: string) => {
  const bytes = Buffer.from(payload, 'latin1');
  return Buffer.concat([Buffer.from([0xff, marker, (bytes.length + 2) >> 8, (bytes.length + 2) & 0xff]), bytes]);
};

/** The same JPEG with EXIF (a GPS position), XMP, an ICC profile and a comment after SOI, and bytes after EOI. */
export function withMetadata(picture: Buffer): Buffer {
  return Buffer.concat([
    picture.subarray(0, 2),
    segment(0xe1, `Exif\0\0MM\0*${GPS_TEXT}`),
    segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>creator: Asha</x:xmpmeta>'),
    segment(0xe2, 'ICC_PROFILE\0\x01\x01profile comment'),
    segment(0xfe, 'secret comment'),
    picture.subarray(2),
    Buffer.from('<script>hidden after the image</script>'),
  ]);
}

/** The marker of every segment before the image data, e.g. ['e0', 'db', 'c0', 'c4', 'da']. */
export function jpegMarkers(file: Buffer): string[] {
  const found: string[] = [];
  for (let at = 2; at < file.length; ) {
    const marker = file[at + 1];
    found.push(marker.toString(16));
    if (marker === 0xda) break; // start of scan: image data follows
    at += 2 + file.readUInt16BE(at + 2);
  }
  return found;
}
