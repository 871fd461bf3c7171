import { describe, expect, it } from 'vitest';
import { tournamentStatus } from './tournament-status.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

describe('tournamentStatus', () => {
  it('counts down only to a match that has not started', () => {
    expect(tournamentStatus({ eventCount: 2, decidedEventCount: 0, soonestEventTime: '2026-03-02T14:30:00.000Z' }, NOW)).toEqual({
      kind: 'upcoming',
      count: '2 ongoing events',
      countdown: 'Starts in 01 days, 02 hours, 30 minutes',
    });
  });

  it('tells the ongoing matches being played from those to come, and counts the finished', () => {
    const status = tournamentStatus({ eventCount: 15, liveEventCount: 2, decidedEventCount: 4, soonestEventTime: '2026-03-02T14:30:00.000Z' }, NOW);
    expect(status).toMatchObject({ kind: 'upcoming', count: '15 ongoing events', breakdown: '2 live · 13 upcoming · 4 finished' });
    // A league not started yet: all of them to come, nothing more to say than the count.
    expect(tournamentStatus({ eventCount: 15, liveEventCount: 0, decidedEventCount: 0, soonestEventTime: '2026-03-02T14:30:00.000Z' }, NOW)).not.toHaveProperty('breakdown');
    expect(tournamentStatus({ eventCount: 3, liveEventCount: 0, decidedEventCount: 1, soonestEventTime: '2026-03-02T14:30:00.000Z' }, NOW)).toMatchObject({ breakdown: '3 upcoming · 1 finished' });
  });

  it('says a match is in play, a tournament finished or empty, instead of a zero countdown', () => {
    // The soonest match started since the list was read.
    expect(tournamentStatus({ eventCount: 1, decidedEventCount: 0, soonestEventTime: '2026-03-01T11:59:00.000Z' }, NOW)).toEqual({
      kind: 'in-play',
      text: '1 match in play · no upcoming matches',
    });
    expect(tournamentStatus({ eventCount: 0, decidedEventCount: 3, soonestEventTime: null }, NOW)).toEqual({ kind: 'finished', text: 'Finished · 3 results' });
    expect(tournamentStatus({ eventCount: 0, decidedEventCount: 0, soonestEventTime: null }, NOW)).toEqual({ kind: 'empty', text: 'No upcoming matches' });
  });
});
