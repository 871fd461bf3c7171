import { describe, expect, it } from 'vitest';
import type { Team, TournamentPool } from '#shared/api.ts';
import { championBackersText, coinCount, namesText, poolStatusLine, sharePercent } from './pool-text.ts';

const team = (teamName: string) => ({ _id: teamName.toLowerCase(), teamName }) as Team;
const pool = (over: Partial<TournamentPool>): TournamentPool => ({
  tournamentId: 't-1',
  title: 'Hostel Cup',
  status: 'open',
  closesAt: '2026-03-01T12:30:00.000Z',
  closesAtSetByOrganiser: false,
  total: 1200,
  backers: 9,
  teams: [],
  champions: [],
  ...over,
});

describe('sharePercent', () => {
  it('rounds to a whole percent', () => {
    expect(sharePercent(0.234)).toBe('23%');
    expect(sharePercent(0.235)).toBe('24%');
    expect(sharePercent(0.5)).toBe('50%');
  });

  it('says none and all only when they are', () => {
    expect(sharePercent(0)).toBe('0%');
    expect(sharePercent(1)).toBe('100%');
    expect(sharePercent(0.004)).toBe('<1%');
    expect(sharePercent(0.996)).toBe('>99%');
  });

  it('keeps the edges of the slivers whole', () => {
    expect(sharePercent(0.01)).toBe('1%');
    expect(sharePercent(0.99)).toBe('99%');
  });
});

describe('championBackersText', () => {
  it('counts the stakes on the champion, or the champions of a shared title', () => {
    expect(championBackersText(42, ['Tapti'])).toBe('42 backed Tapti');
    expect(championBackersText(1200, ['Tapti', 'Kaveri'])).toBe('1,200 backed Tapti and Kaveri');
  });
});

describe('coinCount', () => {
  it('groups the digits and says one coin', () => {
    expect(coinCount(1)).toBe('1 coin');
    expect(coinCount(12500)).toBe('12,500 coins');
  });
});

describe('namesText', () => {
  it('joins the last name with and', () => {
    expect(namesText([])).toBe('');
    expect(namesText(['Tapti'])).toBe('Tapti');
    expect(namesText(['Tapti', 'Narmada'])).toBe('Tapti and Narmada');
    expect(namesText(['Tapti', 'Narmada', 'Kaveri'])).toBe('Tapti, Narmada and Kaveri');
  });
});

describe('poolStatusLine', () => {
  const when = (iso: string) => `at ${iso.slice(11, 16)}`;

  it('says when an open pool closes, in the given format', () => {
    expect(poolStatusLine(pool({}), when)).toBe('Closes at 12:30');
  });

  it('says a closed pool waits for the champion, and a refunded one gave every stake back', () => {
    expect(poolStatusLine(pool({ status: 'closed' }), when)).toBe('Closed: waiting for the champion');
    expect(poolStatusLine(pool({ status: 'refunded' }), when)).toBe('Every stake came back');
  });

  it('names the champion and how the pool was shared', () => {
    expect(poolStatusLine(pool({ status: 'shared', champions: [team('Tapti')], championBackers: 42 }), when)).toBe(
      'Tapti lifted the cup: the pool of 1,200 coins was shared among 42 stakes',
    );
    expect(poolStatusLine(pool({ status: 'shared', total: 1, champions: [team('Tapti')], championBackers: 1 }), when)).toBe(
      'Tapti lifted the cup: the pool of 1 coin was shared among 1 stake',
    );
  });

  it('names every champion of a shared title', () => {
    expect(poolStatusLine(pool({ status: 'shared', champions: [team('Tapti'), team('Kaveri')], championBackers: 3 }), when)).toBe(
      'Tapti and Kaveri shared the cup: the pool of 1,200 coins was shared among 3 stakes',
    );
  });
});
