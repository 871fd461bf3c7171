import { describe, expect, it } from 'vitest';
import { detectImageType } from './avatars.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('detectImageType (magic bytes)', () => {
  it('recognises JPEG, PNG and WebP by content', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))?.extension).toBe('jpg');
    expect(detectImageType(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0))?.extension).toBe('png');
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))?.extension).toBe('webp');
  });

  it('refuses other content whatever it claims to be', () => {
    expect(detectImageType(bytes('GIF89a'))).toBeUndefined();
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(detectImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeUndefined();
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
