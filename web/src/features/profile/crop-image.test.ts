import { describe, expect, it } from 'vitest';
import { croppedOutputSize } from './crop-image.ts';

describe('croppedOutputSize', () => {
  it('keeps a small crop at its own size', () => {
    expect(croppedOutputSize({ width: 300, height: 300 })).toEqual({ width: 300, height: 300 });
  });

  it('scales a large crop down to at most 512 pixels', () => {
    expect(croppedOutputSize({ width: 2000, height: 2000 })).toEqual({ width: 512, height: 512 });
    expect(croppedOutputSize({ width: 1024, height: 1023 })).toEqual({ width: 512, height: 512 });
  });
});
