// Ids derived from what they name, for writes that must happen once however often they are asked: the
// same parts give the same id, so a repeated or concurrent request meets the item its twin wrote (an
// attribute_not_exists condition) instead of making a second one.
import { createHash } from 'node:crypto';

/** A UUID in version 5's layout (RFC 9562 §5.5: SHA-1, version and variant bits set) named by the parts. */
export function nameBasedId(...parts: string[]): string {
  const bytes = createHash('sha1').update(JSON.stringify(parts)).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
