// A tournament's stage as students read it on home and its page: 'Matchday 3', 'Group stage · Matchday 1',
// 'Semi-finals', 'Finished', from the stage label each generated match carries (shared/format-plan.ts).
import { tournamentStage } from '#shared/format-plan.ts';
import * as events from '#functions/data/events.ts';
import { isEventFinished } from '#functions/betting/betting-rules.ts';

/** The stage students read: the soonest undecided match's ('Group stage' for any group's), else 'Finished'. */
export function stageOf(current: readonly events.EventRecord[]): string | null {
  const undecided = current.filter((event) => !isEventFinished(event));
  if (undecided.length === 0) return current.length > 0 && current.some((event) => event.stage) ? 'Finished' : null;
  // By time: a knockout's rounds, and a league's matchdays, follow one another.
  const stage = undecided[0].stage;
  return stage ? tournamentStage(stage) : null;
}
