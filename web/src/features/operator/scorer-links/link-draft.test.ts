import { describe, expect, it } from 'vitest';
import type { GameEvent, ScorerLink, Team } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import { dayLabel, firstDraft, linkPlaces, linkRequest, linksInOrder, linkState, linkTimes, PLACE_WANTED, scopeLabel, standMinutes, suggestedName, withScope } from './link-draft.ts';

const tapti: Team = { _id: 't1', teamName: 'Tapti', teamRank: 1, members: [] };
const ganga: Team = { _id: 't2', teamName: 'Ganga', teamRank: 2, members: [] };
const now = new Date('2030-11-30T10:00:00Z');
const match = (fields: Partial<GameEvent>): GameEvent => ({
  _id: 'e1',
  tournamentId: 'c1',
  time: '2030-11-30T12:00:00Z',
  teams: [tapti, ganga],
  isBetActive: true,
  winnerTeam: {},
  ...fields,
});
const link = (fields: Partial<ScorerLink>): ScorerLink => ({
  id: 'l1',
  name: 'Court 2',
  url: 'https://x/score#secret',
  scope: { venue: 'Court 2' },
  createdAt: '2030-11-30T09:00:00Z',
  expiresAt: '2030-12-01T09:00:00Z',
  ...fields,
});

describe('the draft', () => {
  it("opens on the match whose row asked, named after it; else on a court or a day, lasting a day", () => {
    expect(firstDraft(match({}), now)).toMatchObject({ reach: 'match', name: 'Tapti vs Ganga', hours: 24 });
    expect(firstDraft(null, now)).toMatchObject({ reach: 'place', name: '', venue: '', day: '', hours: 24 });
  });

  it('names the link after its court and day until a name is typed', () => {
    const court = withScope(firstDraft(null, now), { venue: 'Court 2' }, null, now);
    expect(court.name).toBe('Court 2');
    expect(withScope(court, { day: '2030-11-30' }, null, now).name).toBe('Court 2 · 30 Nov');
    const typed = { ...court, name: 'Main court', nameTyped: true };
    expect(withScope(typed, { day: '2030-11-30' }, null, now).name).toBe('Main court');
    // Back from a court to the match: its name again.
    expect(withScope(court, { reach: 'match' }, match({}), now).name).toBe('Tapti vs Ganga');
    expect(suggestedName({ reach: 'match', venue: '', day: '' }, match({ teams: [{ ...tapti, teamName: 'A'.repeat(30) }, { ...ganga, teamName: 'B'.repeat(30) }] }), now)).toHaveLength(40);
  });

  it('sends the match, or the court and/or the day, with how long it lasts', () => {
    const forMatch = firstDraft(match({}), now);
    expect(linkRequest(forMatch, match({}))).toEqual({ kind: 'ready', request: { name: 'Tapti vs Ganga', eventIds: ['e1'], validHours: 24 } });
    const place = withScope({ ...firstDraft(null, now), hours: 6 }, { venue: 'Court 2', day: '2030-11-30' }, null, now);
    expect(linkRequest(place, null)).toEqual({ kind: 'ready', request: { name: 'Court 2 · 30 Nov', venue: 'Court 2', day: '2030-11-30', validHours: 6 } });
    expect(linkRequest(withScope(firstDraft(null, now), { day: '2030-11-30' }, null, now), null)).toMatchObject({ request: { day: '2030-11-30' } });
  });

  it('says why it cannot be sent: no name, too long a name, neither court nor day', () => {
    expect(linkRequest({ ...firstDraft(match({}), now), name: '  ' }, match({}))).toEqual({ kind: 'problem', problem: MSG.scorerLinkNameInvalid });
    expect(linkRequest({ ...firstDraft(match({}), now), name: 'x'.repeat(41) }, match({}))).toEqual({ kind: 'problem', problem: MSG.scorerLinkNameInvalid });
    expect(linkRequest({ ...firstDraft(null, now), name: 'Anything' }, null)).toEqual({ kind: 'problem', problem: PLACE_WANTED });
  });
});

describe('courts and days', () => {
  it('offers the courts and days of the matches still to be decided, in order', () => {
    const events = [
      match({ _id: 'a', venue: 'Court 10', time: '2030-12-01T09:00:00Z' }),
      match({ _id: 'b', venue: 'Court 2', time: '2030-11-30T12:00:00Z' }),
      match({ _id: 'c', venue: 'Court 2', time: '2030-11-30T15:00:00Z' }),
      match({ _id: 'd', time: '2030-12-02T09:00:00Z' }),
      match({ _id: 'e', venue: 'Old court', time: '2030-11-29T09:00:00Z', winnerTeam: tapti, decidedAt: '2030-11-29T11:00:00Z' }),
    ];
    expect(linkPlaces(events)).toEqual({ venues: ['Court 2', 'Court 10'], days: ['2030-11-30', '2030-12-01', '2030-12-02'] });
  });

  it('says a day without its year when it is this year', () => {
    expect(dayLabel('2030-11-30', now)).toBe('30 Nov');
    expect(dayLabel('2031-01-02', now)).toBe('2 Jan 2031');
  });
});

describe('a link in the list', () => {
  it('says what it reaches', () => {
    const events = [match({})];
    expect(scopeLabel({ venue: 'Court 2', day: '2030-11-30' }, events, now)).toBe('Court 2 · 30 Nov');
    expect(scopeLabel({ venue: 'Court 2' }, events, now)).toBe('Court 2 · every day');
    expect(scopeLabel({ day: '2030-11-30' }, events, now)).toBe('Every court · 30 Nov');
    expect(scopeLabel({ eventIds: ['e1'] }, events, now)).toBe('Tapti vs Ganga');
    expect(scopeLabel({ eventIds: ['gone'] }, events, now)).toBe('1 match');
    expect(scopeLabel({ eventIds: ['e1', 'e2', 'e3'] }, events, now)).toBe('3 matches');
  });

  it('works until it expires or is revoked, and says so', () => {
    expect(linkState(link({}), now)).toBe('working');
    expect(linkState(link({ expiresAt: '2030-11-30T10:00:00Z' }), now)).toBe('expired');
    expect(linkState(link({ revokedAt: '2030-11-30T09:30:00Z' }), now)).toBe('revoked');
    expect(linkTimes(link({}), now, 'UTC')).toBe('Works until 09:00 UTC · 1 Dec 2030');
    expect(linkTimes(link({ expiresAt: '2030-11-30T08:00:00Z' }), now, 'UTC')).toBe('Expired 08:00 UTC · 30 Nov 2030');
    expect(linkTimes(link({ revokedAt: '2030-11-30T09:30:00Z' }), now, 'UTC')).toBe('Revoked 09:30 UTC · 30 Nov 2030');
  });

  it('lists the working links first, newest first as the server sends them', () => {
    const links = [link({ id: 'revoked', revokedAt: '2030-11-30T09:30:00Z' }), link({ id: 'new' }), link({ id: 'expired', expiresAt: '2030-11-30T08:00:00Z' }), link({ id: 'old' })];
    expect(linksInOrder(links, now).map((l) => l.id)).toEqual(['new', 'old', 'revoked', 'expired']);
  });
});

describe('standMinutes', () => {
  it('takes a whole number of minutes from 1 to 120, and nothing else', () => {
    expect(standMinutes('10')).toBe(10);
    expect(standMinutes(' 120 ')).toBe(120);
    for (const typed of ['', '0', '121', '2.5', 'ten', '-3']) expect(standMinutes(typed)).toBeUndefined();
  });
});
