// A tournament's sport: what its score counts, whether a match may end level, and the usual points for a
// table. Pure, so the functions and the page read the same rules.

export const SPORTS = ['football', 'cricket', 'basketball', 'volleyball', 'kabaddi', 'racket', 'esports', 'other'] as const;
export type Sport = (typeof SPORTS)[number];

export type ScoreUnit = 'goals' | 'runs' | 'points' | 'sets';

/** Table points for a match's outcome. */
export interface PointsRule {
  win: number;
  draw: number;
  loss: number;
}

export interface SportRules {
  sport: Sport;
  label: string;
  scoreUnit: ScoreUnit;
  /** A match may end level and stay so; otherwise it is played (or tie-broken) to a winner. */
  drawable: boolean;
  /** The usual default; a tournament may set its own. */
  points: PointsRule;
  /** The score recorded when a side does not turn up; absent where the sport has no usual one. */
  walkoverScore?: { winner: number; loser: number };
  /** What settles a knockout match that ended level. */
  decider: string;
}

export const DEFAULT_SPORT: Sport = 'other';

// Sports without draws give nothing for one, so a table never counts a draw that cannot happen.
const NO_DRAW_POINTS: PointsRule = { win: 2, draw: 0, loss: 0 };

const RULES_BY_SPORT: Record<Sport, Omit<SportRules, 'sport'>> = {
  football: { label: 'Football', scoreUnit: 'goals', drawable: true, points: { win: 3, draw: 1, loss: 0 }, walkoverScore: { winner: 3, loser: 0 }, decider: 'penalty shoot-out' },
  // A cricket tie goes to a super over, so it still has a winner.
  cricket: { label: 'Cricket', scoreUnit: 'runs', drawable: false, points: NO_DRAW_POINTS, decider: 'super over' },
  basketball: { label: 'Basketball', scoreUnit: 'points', drawable: false, points: NO_DRAW_POINTS, walkoverScore: { winner: 20, loser: 0 }, decider: 'decider' },
  volleyball: { label: 'Volleyball', scoreUnit: 'sets', drawable: false, points: NO_DRAW_POINTS, walkoverScore: { winner: 3, loser: 0 }, decider: 'decider' },
  kabaddi: { label: 'Kabaddi', scoreUnit: 'points', drawable: true, points: { win: 5, draw: 3, loss: 0 }, decider: 'tie-breaker raid' },
  racket: { label: 'Badminton or table tennis', scoreUnit: 'sets', drawable: false, points: NO_DRAW_POINTS, walkoverScore: { winner: 2, loser: 0 }, decider: 'decider' },
  esports: { label: 'Esports', scoreUnit: 'points', drawable: false, points: NO_DRAW_POINTS, walkoverScore: { winner: 1, loser: 0 }, decider: 'decider' },
  // Anything else: allow draws, since refusing a real draw is worse than offering an unused one.
  other: { label: 'Other', scoreUnit: 'points', drawable: true, points: { win: 3, draw: 1, loss: 0 }, decider: 'decider' },
};

/** The rules of a sport; a tournament with no sport set (or one stored before a sport was removed) plays as 'other'. */
export function sportRules(sport: Sport | undefined): SportRules {
  // Stored data may name a sport this build does not know: the type cannot promise it, so check.
  const known: Sport = sport !== undefined && Object.hasOwn(RULES_BY_SPORT, sport) ? sport : DEFAULT_SPORT;
  const { points, walkoverScore, ...rest } = RULES_BY_SPORT[known];
  // Copies, so a caller adjusting its rules cannot change every other caller's.
  return { sport: known, ...rest, points: { ...points }, ...(walkoverScore && { walkoverScore: { ...walkoverScore } }) };
}

/** A score as people write it, home first: '2–1'. The unit is for the words around it, not the score. */
export function describeScore(score: { home: number; away: number }, _unit: ScoreUnit): string {
  return `${score.home}–${score.away}`;
}

const SINGULAR: Record<ScoreUnit, string> = { goals: 'goal', runs: 'run', points: 'point', sets: 'set' };

/** The unit's word for a count: 'goal' for 1, 'goals' otherwise (0 goals, 2 goals). */
export function scoreUnitLabel(unit: ScoreUnit, count: number): string {
  return count === 1 ? SINGULAR[unit] : unit;
}

export const POINTS_MAX = 10;

/** What is wrong with a points rule, as a sentence for the person setting it; undefined when it is fine. */
export function pointsRuleProblem(rule: PointsRule): string | undefined {
  for (const outcome of ['win', 'draw', 'loss'] as const) {
    const value = rule[outcome];
    if (!Number.isInteger(value) || value < 0 || value > POINTS_MAX) return `Points for a ${outcome} must be a whole number from 0 to ${POINTS_MAX}.`;
  }
  // A draw may be worth no more than a loss (sports without draws), but a win must always be worth more.
  if (rule.win <= rule.draw) return 'A win must be worth more points than a draw.';
  if (rule.draw < rule.loss) return 'A draw must be worth at least as many points as a loss.';
  return undefined;
}

/** A tournament's table points: its own, else its sport's usual ones. */
export const tablePointsOf = (tournament: { sport?: Sport; points?: PointsRule }): PointsRule => tournament.points ?? sportRules(tournament.sport).points;
