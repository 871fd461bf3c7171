// A tournament's sport and table points as its forms hold them, and what they send: `sport`, and `points`
// only when they are not what the tournament would have anyway (the sport's usual ones, or those it has).
import { type PointsRule, pointsRuleProblem, type Sport, sportRules } from '#shared/sports.ts';

/** The points fields as typed. */
export type PointsText = Record<keyof PointsRule, string>;

export interface SportDraft {
  sport: Sport;
  /** null until edited: the fields then show the saved points (for the saved sport) or the sport's usual ones. */
  points: PointsText | null;
}

/** What an edited tournament has now: its points are unknown until read (its table's, GET /game/tournament-shape). */
export interface SavedSport {
  sport: Sport | undefined;
  points?: PointsRule;
}

export const pointsText = ({ win, draw, loss }: PointsRule): PointsText => ({ win: String(win), draw: String(draw), loss: String(loss) });

// An empty field is no number (0 would pass unseen).
const pointsOf = (text: PointsText): PointsRule => {
  const value = (field: string) => (field.trim() === '' ? Number.NaN : Number(field));
  return { win: value(text.win), draw: value(text.draw), loss: value(text.loss) };
};

const samePoints = (a: PointsRule, b: PointsRule) => a.win === b.win && a.draw === b.draw && a.loss === b.loss;

/** The points a tournament has: those it set, else its sport's usual ones. */
const savedPoints = (saved: SavedSport) => saved.points ?? sportRules(saved.sport).points;

/** The points the fields show. */
export function shownPoints(draft: SportDraft, saved?: SavedSport): PointsText {
  if (draft.points) return draft.points;
  const kept = saved && sportRules(saved.sport).sport === draft.sport;
  return pointsText(kept ? savedPoints(saved) : sportRules(draft.sport).points);
}

/** Why the points would be refused, in a sentence; undefined when they are fine. */
export const pointsProblem = (draft: SportDraft, saved?: SavedSport) => pointsRuleProblem(pointsOf(shownPoints(draft, saved)));

/**
 * The sport and points to send. A new tournament: its sport, and its points when not the sport's usual
 * ones. An edit: the sport when changed, and the points when they change what the tournament has and are
 * not what it would have without them (a changed sport's usual points, unless it had points of its own).
 */
export function sportInput(draft: SportDraft, saved?: SavedSport): { sport?: Sport; points?: PointsRule } {
  const points = pointsOf(shownPoints(draft, saved));
  const usual = sportRules(draft.sport).points;
  if (!saved) return { sport: draft.sport, ...(!samePoints(points, usual) && { points }) };
  const savedSport = sportRules(saved.sport).sport;
  const sportChanged = draft.sport !== savedSport;
  const hadOwn = !samePoints(savedPoints(saved), sportRules(savedSport).points);
  const send = (sportChanged || !samePoints(points, savedPoints(saved))) && (hadOwn || !samePoints(points, usual));
  return { ...(sportChanged && { sport: draft.sport }), ...(send && { points }) };
}
