import { describe, expect, it } from 'vitest';
import { eventStatus } from './event-status.ts';

const team = { _id: 't1', teamName: 'Ganga United', teamRank: 1, members: [] };

describe('eventStatus', () => {
  it('takes bids while betting is active', () => {
    expect(eventStatus({ isBetActive: true, winnerTeam: {} })).toEqual({ kind: 'open' });
  });

  it('is paused while inactive without a winner', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: {} })).toEqual({ kind: 'paused' });
  });

  it('is over once a winner is known', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: team })).toEqual({ kind: 'over', winner: team });
  });

  it('is called off once voided, whatever else it says', () => {
    expect(eventStatus({ isBetActive: false, winnerTeam: {}, isVoid: true })).toEqual({ kind: 'void' });
  });
});
