import { describe, expect, it } from 'vitest';
import type { EventRecord } from '#functions/data/events.ts';
import { refusalOf } from './match-notes.ts';

const NOW = new Date('2026-12-01T09:00:00.000Z');
const open = { id: 'e1', tournamentId: 't1', time: '2026-12-01T10:00:00.000Z', teamIds: ['a', 'b'], isBetActive: true } as EventRecord;

describe('refusalOf: why a bet on a team cannot be taken, as the bettor is told, or what it records', () => {
  it('the note of a bet on an open match: the team’s name and the lineup (0 when never changed)', () => {
    expect(refusalOf(open, 'a', NOW, 'Tapti')).toEqual({ note: { teamName: 'Tapti', lineupVersion: 0 } });
    expect(refusalOf({ ...open, lineupVersion: 4 }, 'b', NOW, 'Ganga')).toEqual({ note: { teamName: 'Ganga', lineupVersion: 4 } });
  });

  it('no match, a team not in it, a knockout side still to come, betting closed', () => {
    expect(refusalOf(undefined, 'a', NOW)).toEqual({ refusal: 'event-not-found' });
    expect(refusalOf(open, 'z', NOW)).toEqual({ refusal: 'team-not-in-event' });
    const waiting = { ...open, teamIds: [], homeTeamId: 'a', bracket: { key: 'R2-M1' } } as EventRecord;
    expect(refusalOf(waiting, 'a', NOW)).toEqual({ refusal: 'event-awaiting-opponent' });
    expect(refusalOf(waiting, 'z', NOW)).toEqual({ refusal: 'event-awaiting-teams' });
    expect(refusalOf({ ...open, isBetActive: false }, 'a', NOW)).toEqual({ refusal: 'betting-closed' });
    expect(refusalOf(open, 'a', new Date('2026-12-01T10:00:00.000Z'))).toEqual({ refusal: 'betting-closed' });
  });
});
