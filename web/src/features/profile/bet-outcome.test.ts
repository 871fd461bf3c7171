import { describe, expect, it } from 'vitest';
import { betOutcome, matchEnding } from './bet-outcome.ts';

describe('betOutcome', () => {
  it('a won bet shows plus 1.5 times the stake', () => {
    expect(betOutcome({ amount: 100, isOver: true, isWin: true })).toEqual({ tone: 'won', sign: '+', amount: 150 });
    expect(betOutcome({ amount: 75, isOver: true, isWin: true }).amount).toBe(112);
  });

  it('a lost bet shows minus the stake', () => {
    expect(betOutcome({ amount: 100, isOver: true, isWin: false })).toEqual({ tone: 'lost', sign: '-', amount: 100 });
  });

  it('an undecided bet shows the stake with no sign', () => {
    expect(betOutcome({ amount: 60, isOver: false })).toEqual({ tone: 'pending', sign: '', amount: 60 });
  });

  it('a refunded bet (voided event) shows the stake with no sign, not as a loss', () => {
    expect(betOutcome({ amount: 80, isOver: true, isWin: false, isRefunded: true })).toEqual({ tone: 'refunded', sign: '', amount: 80 });
  });
});

describe('matchEnding', () => {
  it('says how the match ended, with its score, and nothing where the status says it all', () => {
    expect(matchEnding({ kind: 'won', score: { home: 2, away: 1 } })).toBe('Final score 2–1');
    expect(matchEnding({ kind: 'won' })).toBeNull();
    expect(matchEnding({ kind: 'draw', score: { home: 1, away: 1 } })).toBe('Draw 1–1');
    expect(matchEnding({ kind: 'walkover', score: { home: 3, away: 0 } })).toBe('Walkover: not played');
    expect(matchEnding({ kind: 'abandoned' })).toBe('Abandoned');
    expect(matchEnding({ kind: 'void' })).toBeNull();
    expect(matchEnding(undefined)).toBeNull();
  });
});
