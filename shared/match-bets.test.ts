import { describe, expect, it } from 'vitest';
import { betsArePublic } from './match-bets.ts';

const NOW = new Date('2025-03-01T12:00:00.000Z');
const LATER = '2025-03-01T12:00:01.000Z';
const EARLIER = '2025-03-01T11:59:59.000Z';

describe('betsArePublic', () => {
  it('reveals bets once the match has started (by its clock or a live score) or been decided, never while it is merely paused', () => {
    expect(betsArePublic({ time: LATER, isBetActive: true }, NOW)).toBe(false);
    expect(betsArePublic({ time: LATER, isBetActive: false }, NOW)).toBe(false);
    expect(betsArePublic({ time: NOW.toISOString(), isBetActive: true }, NOW)).toBe(true);
    expect(betsArePublic({ time: EARLIER, isBetActive: false }, NOW)).toBe(true);
    expect(betsArePublic({ time: LATER, isBetActive: false, liveScore: { home: 0, away: 0 } }, NOW)).toBe(true);
    expect(betsArePublic({ time: LATER, isBetActive: false, winnerTeamId: 't' }, NOW)).toBe(true);
    expect(betsArePublic({ time: LATER, isBetActive: false, isVoid: true }, NOW)).toBe(true);
    expect(betsArePublic({ time: LATER, isBetActive: false, isDraw: true }, NOW)).toBe(true);
    expect(betsArePublic(undefined, NOW)).toBe(false);
  });
});
