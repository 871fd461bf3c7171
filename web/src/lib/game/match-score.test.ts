import { describe, expect, it } from 'vitest';
import { formatTimeWithZone } from '#shared/format.ts';
import { describeScore } from '#shared/sports.ts';
import { liveLine, postponedLine, resultLine, scoreText } from './match-score.ts';

describe("a match's result line", () => {
  it('gives a won match its score, naming the winner only when the score is level', () => {
    expect(resultLine({ kind: 'won', score: { home: 2, away: 1 } }, 'Tapti', 'Ganga', 'Tapti')).toBe('Tapti 2–1 Ganga');
    expect(resultLine({ kind: 'won', score: { home: 0, away: 3 } }, 'Tapti', 'Ganga', 'Ganga')).toBe('Tapti 0–3 Ganga');
    expect(resultLine({ kind: 'won', score: { home: 2, away: 2 }, note: '5–4 on penalties' }, 'Tapti', 'Ganga', 'Ganga')).toBe('Tapti 2–2 Ganga · Ganga won');
  });

  it('says a draw, a walkover and an abandoned match return the stakes', () => {
    expect(resultLine({ kind: 'draw', score: { home: 1, away: 1 } }, 'Tapti', 'Ganga', undefined)).toBe('Draw 1–1 · stakes returned');
    expect(resultLine({ kind: 'draw' }, 'Tapti', 'Ganga', undefined)).toBe('Draw · stakes returned');
    expect(resultLine({ kind: 'walkover', score: { home: 3, away: 0 } }, 'Tapti', 'Ganga', 'Tapti')).toBe('Tapti won by walkover · stakes returned');
    expect(resultLine({ kind: 'walkover' }, 'Tapti', 'Ganga', undefined)).toBe('The team that turned up won by walkover · stakes returned');
    expect(resultLine({ kind: 'abandoned' }, 'Tapti', 'Ganga', undefined)).toBe('Abandoned · stakes returned');
  });

  it('leaves a win with no score, a plain void and no result to the older words', () => {
    expect(resultLine({ kind: 'won' }, 'Tapti', 'Ganga', 'Tapti')).toBeNull();
    expect(resultLine({ kind: 'void' }, 'Tapti', 'Ganga', undefined)).toBeNull();
    expect(resultLine(undefined, 'Tapti', 'Ganga', 'Tapti')).toBeNull();
  });
});

describe('a live score', () => {
  it('reads home first, marked live', () => {
    expect(scoreText({ home: 12, away: 0 })).toBe('12–0');
    for (const score of [{ home: 0, away: 0 }, { home: 2, away: 1 }, { home: 999, away: 10 }]) expect(scoreText(score)).toBe(describeScore(score, 'goals'));
    expect(liveLine({ home: 2, away: 1 }, 'Tapti', 'Ganga')).toBe('Live · Tapti 2–1 Ganga');
  });
});

describe('a postponed match', () => {
  // Local times: the page reads the device's zone.
  const at = (day: number, hour: number) => new Date(2026, 8, day, hour).toISOString();

  it('names the old time alone when it was the same day, else its date too', () => {
    expect(postponedLine(at(5, 16), at(5, 18))).toBe(`Postponed from ${formatTimeWithZone(at(5, 16))}`);
    expect(postponedLine(at(5, 16), at(7, 16))).toBe(`Postponed from 5 Sept 2026, ${formatTimeWithZone(at(5, 16))}`);
  });
});
