// A push subscription's keys as RFC 8291 encryption needs them: the browser's P-256 public key (an
// uncompressed point) and a 16-byte auth secret, both base64url. Checked when a subscription is saved and
// again before each send: a point off the curve has the right length and prefix, yet every encryption to
// it fails.
import { createPublicKey } from 'node:crypto';

const UNCOMPRESSED_POINT_LENGTH = 65;
const AUTH_SECRET_LENGTH = 16;

export function arePushKeysValid({ p256dh, auth }: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== UNCOMPRESSED_POINT_LENGTH || point[0] !== 4 || Buffer.from(auth, 'base64url').length !== AUTH_SECRET_LENGTH) return false;
  try {
    // Importing the point as a P-256 key refuses one that is not on the curve.
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}
