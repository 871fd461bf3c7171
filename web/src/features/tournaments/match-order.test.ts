import { describe, expect, it } from 'vitest';
import type { GameEvent } from '#shared/api.ts';
import { isTournamentFinished, orderMatches } from './match-order.ts';

const team = { _id: 't1', teamName: 'Ganga United', teamRank: 1, members: [] };
const match = (id: string, time: string, state: Partial<GameEvent> = {}): GameEvent => ({
  _id: id,
  tournamentId: 'cup',
  time,
  teams: [],
  isBetActive: true,
  winnerTeam: {},
  ...state,
});

describe('orderMatches', () => {
  it('puts open, paused and started matches first, soonest first, and decided ones under results, latest first', () => {
    const won = match('won', '2026-03-01T10:00:00.000Z', { isBetActive: false, winnerTeam: team });
    const voided = match('voided', '2026-03-02T10:00:00.000Z', { isBetActive: false, isVoid: true });
    const started = match('started', '2026-03-03T10:00:00.000Z', { isBetActive: false });
    const open = match('open', '2026-03-05T10:00:00.000Z');
    const paused = match('paused', '2026-03-04T10:00:00.000Z', { isBetActive: false });
    const drawn = match('drawn', '2026-03-02T12:00:00.000Z', { isBetActive: false, result: { kind: 'draw', score: { home: 1, away: 1 } } });
    const { upcoming, results } = orderMatches([won, voided, started, open, paused, drawn]);
    expect(upcoming.map((e) => e._id)).toEqual(['started', 'paused', 'open']);
    expect(results.map((e) => e._id)).toEqual(['drawn', 'voided', 'won']);
  });
});

describe('isTournamentFinished', () => {
  it('is finished once every match has a winner or was called off, and not without matches', () => {
    const won = match('won', '2026-03-01T10:00:00.000Z', { isBetActive: false, winnerTeam: team });
    const voided = match('voided', '2026-03-02T10:00:00.000Z', { isBetActive: false, isVoid: true });
    expect(isTournamentFinished([won, voided])).toBe(true);
    expect(isTournamentFinished([won, voided, match('started', '2026-03-03T10:00:00.000Z', { isBetActive: false })])).toBe(false);
    expect(isTournamentFinished([won, match('open', '2026-03-05T10:00:00.000Z')])).toBe(false);
    expect(isTournamentFinished([])).toBe(false);
  });
});
