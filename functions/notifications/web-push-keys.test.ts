import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { arePushKeysValid } from './web-push-keys.ts';

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  return { point: ecdh.generateKeys(), compressed: ecdh.getPublicKey(undefined, 'compressed'), auth: randomBytes(16).toString('base64url') };
};

describe('arePushKeysValid', () => {
  it('accepts a browser key pair: an uncompressed P-256 point and a 16-byte secret', () => {
    const { point, auth } = browserKeys();
    expect(arePushKeysValid({ p256dh: point.toString('base64url'), auth })).toBe(true);
  });

  it('refuses a point of the right length and prefix that is not on the curve', () => {
    const { point, auth } = browserKeys();
    point[64] ^= 1;
    expect(arePushKeysValid({ p256dh: point.toString('base64url'), auth })).toBe(false);
    expect(arePushKeysValid({ p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString('base64url'), auth })).toBe(false);
  });

  it('refuses other lengths and encodings: a compressed point, a prefix other than 4, a short secret', () => {
    const { point, compressed, auth } = browserKeys();
    expect(arePushKeysValid({ p256dh: compressed.toString('base64url'), auth })).toBe(false);
    expect(arePushKeysValid({ p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1)]).toString('base64url'), auth })).toBe(false);
    expect(arePushKeysValid({ p256dh: point.toString('base64url'), auth: randomBytes(8).toString('base64url') })).toBe(false);
  });
});
