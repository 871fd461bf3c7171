import { describe, expect, it } from 'vitest';
import { sharedPlaces } from './places.ts';

const byTrophy = (a: { trophy: number }, b: { trophy: number }) => a.trophy === b.trophy;

describe('sharedPlaces', () => {
  it('gives equal scores one place and skips the places they took', () => {
    expect(sharedPlaces([5, 5, 3, 3, 3, 1].map((trophy) => ({ trophy })), byTrophy)).toEqual([1, 1, 3, 3, 3, 6]);
  });

  it('ranks a board of one score as one place, and an empty board as nothing', () => {
    expect(sharedPlaces([0, 0, 0].map((trophy) => ({ trophy })), byTrophy)).toEqual([1, 1, 1]);
    expect(sharedPlaces([], byTrophy)).toEqual([]);
  });

  it('ties only on the whole score: equal trophies with other earnings are different places', () => {
    const rows = [
      { trophy: 2, earnings: 300 },
      { trophy: 2, earnings: 300 },
      { trophy: 2, earnings: 150 },
    ];
    expect(sharedPlaces(rows, (a, b) => a.trophy === b.trophy && a.earnings === b.earnings)).toEqual([1, 1, 3]);
  });
});
