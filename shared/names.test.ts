import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVisibleText, nameKey, storedName } from './names.ts';

describe('storedName', () => {
  it('composes accents typed apart (a Mac paste) and trims', () => {
    expect(storedName(' Zoe\u0308 XI ')).toBe('Zo\u00EB XI');
    expect(storedName('Zo\u00EB XI')).toBe('Zo\u00EB XI');
  });
});

describe('isVisibleText', () => {
  it('refuses text drawn as nothing: spaces, zero-width characters, fillers, the blank Braille pattern', () => {
    for (const hidden of ['', ' ', '\u200B', '\u200B\u200B', '\u2060\uFEFF', '\u00AD', '\u3164', '\u2800', ' \u200C\u200D ', '\u034F', '\uFE0F']) {
      expect(isVisibleText(hidden), JSON.stringify(hidden)).toBe(false);
    }
  });

  it('accepts any letter, digit, mark or emoji', () => {
    for (const seen of ['Visible', 'ഗംഗ', 'हॉस्टल ४', '🏏', '1', 'Li\u200Bons']) expect(isVisibleText(seen)).toBe(true);
  });
});

describe('nameKey', () => {
  it('makes names drawn alike the same: hidden characters, two encodings, case, width, spacing', () => {
    expect(nameKey('Li\u200Bons')).toBe(nameKey('Lions'));
    expect(nameKey('Zo\u00EB XI')).toBe(nameKey('Zoe\u0308 XI'));
    expect(nameKey('GANGA  hostel')).toBe(nameKey('Ganga Hostel'));
    expect(nameKey('Ｇａｎｇａ')).toBe(nameKey('Ganga'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    expect(nameKey('\u2060Tapti\uFEFF')).toBe(nameKey('tapti'));
  });

  it('keeps names that look different apart', () => {
    expect(nameKey('Hostel A')).not.toBe(nameKey('Hostel B'));
    expect(nameKey('Hostel A')).not.toBe(nameKey('HostelA'));
    expect(nameKey('Zoe XI')).not.toBe(nameKey('Zo\u00EB XI'));
  });

  it('is stable: the key of a key is itself, and a stored name keys as the raw one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        expect(nameKey(nameKey(name))).toBe(nameKey(name));
        expect(nameKey(storedName(name))).toBe(nameKey(name));
      }),
    );
  });
});
