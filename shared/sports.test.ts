import { describe, expect, it } from 'vitest';
import { DEFAULT_SPORT, describeScore, pointsRuleProblem, scoreUnitLabel, SPORTS, type Sport, sportRules } from './sports.ts';

describe('sport rules', () => {
  it('gives every sport its own rules, with a usual points rule that passes the validator', () => {
    for (const sport of SPORTS) {
      const rules = sportRules(sport);
      expect(rules.sport).toBe(sport);
      expect(rules.label).not.toBe('');
      expect(rules.decider).not.toBe('');
      expect(pointsRuleProblem(rules.points)).toBeUndefined();
      // A sport without draws gives nothing for one.
      if (!rules.drawable) expect(rules.points).toEqual({ win: 2, draw: 0, loss: 0 });
    }
  });

  it('scores football in goals, 3/1/0, drawn matches allowed, shoot-outs in a knockout', () => {
    expect(sportRules('football')).toEqual({
      sport: 'football',
      label: 'Football',
      scoreUnit: 'goals',
      drawable: true,
      points: { win: 3, draw: 1, loss: 0 },
      walkoverScore: { winner: 3, loser: 0 },
      decider: 'penalty shoot-out',
    });
  });

  it('never draws cricket (a tie goes to a super over) and has no walkover score for it', () => {
    const cricket = sportRules('cricket');
    expect(cricket).toMatchObject({ scoreUnit: 'runs', drawable: false, decider: 'super over' });
    expect(cricket.walkoverScore).toBeUndefined();
  });

  it('knows each sport’s unit, draws and walkover', () => {
    const summary = (sport: Sport) => {
      const { scoreUnit, drawable, points, walkoverScore } = sportRules(sport);
      return [scoreUnit, drawable, `${points.win}/${points.draw}/${points.loss}`, walkoverScore ? `${walkoverScore.winner}-${walkoverScore.loser}` : 'none'];
    };
    expect(Object.fromEntries(SPORTS.map((sport) => [sport, summary(sport)]))).toEqual({
      football: ['goals', true, '3/1/0', '3-0'],
      cricket: ['runs', false, '2/0/0', 'none'],
      basketball: ['points', false, '2/0/0', '20-0'],
      volleyball: ['sets', false, '2/0/0', '3-0'],
      kabaddi: ['points', true, '5/3/0', 'none'],
      racket: ['sets', false, '2/0/0', '2-0'],
      esports: ['points', false, '2/0/0', '1-0'],
      other: ['points', true, '3/1/0', 'none'],
    });
    expect(sportRules('racket').label).toBe('Badminton or table tennis');
    expect(sportRules('kabaddi').decider).toBe('tie-breaker raid');
  });

  it('plays a tournament with no sport, or one this build does not know, as other', () => {
    expect(DEFAULT_SPORT).toBe('other');
    expect(sportRules(undefined).sport).toBe('other');
    expect(sportRules('curling' as Sport).sport).toBe('other');
    expect(sportRules('toString' as Sport).sport).toBe('other');
  });

  it('hands out copies, so one caller changing its rules changes no one else’s', () => {
    const mine = sportRules('football');
    mine.points.win = 9;
    mine.walkoverScore!.winner = 9;
    expect(sportRules('football').points.win).toBe(3);
    expect(sportRules('football').walkoverScore!.winner).toBe(3);
  });
});

describe('scores', () => {
  it('writes a score home first with an en dash', () => {
    expect(describeScore({ home: 2, away: 1 }, 'goals')).toBe('2–1');
    expect(describeScore({ home: 0, away: 3 }, 'sets')).toBe('0–3');
  });

  it('names the unit for a count', () => {
    expect([0, 1, 2].map((n) => scoreUnitLabel('goals', n))).toEqual(['goals', 'goal', 'goals']);
    expect(scoreUnitLabel('runs', 1)).toBe('run');
    expect(scoreUnitLabel('points', 1)).toBe('point');
    expect(scoreUnitLabel('sets', 3)).toBe('sets');
  });
});

describe('points rule', () => {
  it('accepts a win worth more than a draw, a draw worth at least a loss', () => {
    expect(pointsRuleProblem({ win: 3, draw: 1, loss: 0 })).toBeUndefined();
    expect(pointsRuleProblem({ win: 2, draw: 0, loss: 0 })).toBeUndefined();
    expect(pointsRuleProblem({ win: 10, draw: 1, loss: 1 })).toBeUndefined();
    expect(pointsRuleProblem({ win: 1, draw: 0, loss: 0 })).toBeUndefined();
  });

  it('refuses points that are not whole numbers from 0 to 10', () => {
    expect(pointsRuleProblem({ win: 11, draw: 1, loss: 0 })).toBe('Points for a win must be a whole number from 0 to 10.');
    expect(pointsRuleProblem({ win: 3, draw: 1.5, loss: 0 })).toBe('Points for a draw must be a whole number from 0 to 10.');
    expect(pointsRuleProblem({ win: 3, draw: 1, loss: -1 })).toBe('Points for a loss must be a whole number from 0 to 10.');
    expect(pointsRuleProblem({ win: Number.NaN, draw: 1, loss: 0 })).toMatch(/^Points for a win/);
  });

  it('refuses a win worth no more than a draw, or a draw worth less than a loss', () => {
    expect(pointsRuleProblem({ win: 1, draw: 1, loss: 0 })).toBe('A win must be worth more points than a draw.');
    expect(pointsRuleProblem({ win: 0, draw: 0, loss: 0 })).toBe('A win must be worth more points than a draw.');
    expect(pointsRuleProblem({ win: 3, draw: 0, loss: 1 })).toBe('A draw must be worth at least as many points as a loss.');
  });
});
