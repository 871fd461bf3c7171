import { describe, expect, it } from 'vitest';
import { themeFromStored } from './theme.ts';

describe('themeFromStored', () => {
  it('is dark when the stored setting is dark or absent', () => {
    expect(themeFromStored(null)).toBe('dark');
    expect(themeFromStored('dark')).toBe('dark');
  });

  it('is light only when light was stored', () => {
    expect(themeFromStored('light')).toBe('light');
  });
});
