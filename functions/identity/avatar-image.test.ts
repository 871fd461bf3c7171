import { decode } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { GPS_TEXT, jpegMarkers, jpegOf, METADATA_TEXTS, withMetadata } from '../../tests/helpers/images.ts';
import { AVATAR_STORED_MAX_BYTES, fitWithin, normaliseAvatar } from './avatar-image.ts';

describe('normaliseAvatar', () => {
  it('keeps a crop-dialog-sized JPEG at its size, without EXIF, XMP, ICC, comments or trailing bytes', () => {
    const sent = withMetadata(jpegOf(512, 512));
    expect(sent.toString('latin1')).toContain(GPS_TEXT);
    const stored = normaliseAvatar(sent);
    const text = stored.toString('latin1');
    for (const secret of METADATA_TEXTS) expect(text).not.toContain(secret);
    expect(jpegMarkers(stored).filter((m) => /^e[1-9a-f]$|^fe$/.test(m))).toEqual([]); // APP1-APP15, COM
    expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9])); // ends at EOI
    expect(decode(stored, { useTArray: true })).toMatchObject({ width: 512, height: 512 });
    expect(stored.length).toBeLessThanOrEqual(AVATAR_STORED_MAX_BYTES);
  });

  it('scales a large picture down to fit 512x512, keeping its shape', () => {
    const stored = normaliseAvatar(jpegOf(1600, 1200));
    expect(decode(stored, { useTArray: true })).toMatchObject({ width: 512, height: 384 });
  });

  it('brings a picture that compresses badly under the stored size', () => {
    const sent = jpegOf(512, 512, { noise: true, quality: 100 });
    expect(sent.length).toBeGreaterThan(AVATAR_STORED_MAX_BYTES);
    expect(normaliseAvatar(sent).length).toBeLessThanOrEqual(AVATAR_STORED_MAX_BYTES);
  });

  it('refuses what does not decode as a JPEG, and a declared size past the pixel limit', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(() => normaliseAvatar(png)).toThrow(expect.objectContaining({ code: 'avatar-bad-type' }));
    const cut = jpegOf(64, 64).subarray(0, 200);
    expect(() => normaliseAvatar(cut)).toThrow(expect.objectContaining({ code: 'avatar-bad-type' }));
    // A frame header claiming 30000x30000 pixels (900 MP) in a tiny file: refused before any pixel is decoded.
    const flood = Buffer.from(jpegOf(8, 8));
    const sof = flood.indexOf(Buffer.from([0xff, 0xc0]));
    flood.writeUInt16BE(30_000, sof + 5);
    flood.writeUInt16BE(30_000, sof + 7);
    expect(() => normaliseAvatar(flood)).toThrow(expect.objectContaining({ code: 'avatar-too-large' }));
  });
});

describe('fitWithin', () => {
  it('averages the pixels each output pixel covers', () => {
    const data = new Uint8Array([0, 0, 0, 255, 200, 100, 50, 255, 100, 100, 100, 255, 100, 100, 100, 255]);
    expect(fitWithin({ width: 4, height: 1, data }, 2)).toEqual({ width: 2, height: 1, data: new Uint8Array([100, 50, 25, 255, 100, 100, 100, 255]) });
  });
});
