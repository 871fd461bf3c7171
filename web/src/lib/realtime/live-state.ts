// An event's live state (pushed, or given with a watch's reply) laid over the event as a list read it.
import type { GameEvent, LiveEventState } from '#shared/api.ts';

/** The event as its new state says, keeping its teams. */
export function withState(event: GameEvent, state: LiveEventState): GameEvent {
  const winner = event.teams.find((team) => team._id === state.winnerTeamId);
  const { isVoid: _, ...rest } = event;
  return { ...rest, time: state.time, isBetActive: state.isBetActive, winnerTeam: winner ?? {}, ...(state.isVoid && { isVoid: true }) };
}

/** Whether the state says something the event as read does not (a pause, reopening, new time or outcome). */
export function differsFrom(event: GameEvent, state: LiveEventState): boolean {
  const winnerTeamId = '_id' in event.winnerTeam ? event.winnerTeam._id : null;
  return event.time !== state.time || event.isBetActive !== state.isBetActive || winnerTeamId !== state.winnerTeamId || Boolean(event.isVoid) !== Boolean(state.isVoid);
}
