// An event's live state (pushed, or given with a watch's reply) laid over the event as a list read it.
import type { GameEvent, LiveEventState } from '#shared/api.ts';

/**
 * The event as its new state says, keeping its teams (and whatever else the list gave). A push is the
 * whole state: a score, result or postponement it leaves out is gone (a match decided has no live score).
 */
export function withState<E extends GameEvent>(event: E, state: LiveEventState): E {
  const { time, isBetActive, isVoid, result, liveScore, postponedFrom } = state;
  const winner = event.teams.find((team) => team._id === state.winnerTeamId);
  return { ...event, time, isBetActive, winnerTeam: winner ?? {}, isVoid, result, liveScore, postponedFrom };
}

/** Whether the state says something the event as read does not (a pause, reopening, new time or outcome, a draw included). */
export function differsFrom(event: GameEvent, state: LiveEventState): boolean {
  const winnerTeamId = '_id' in event.winnerTeam ? event.winnerTeam._id : null;
  return (
    event.time !== state.time ||
    event.isBetActive !== state.isBetActive ||
    winnerTeamId !== state.winnerTeamId ||
    Boolean(event.isVoid) !== Boolean(state.isVoid) ||
    event.result?.kind !== state.result?.kind
  );
}
