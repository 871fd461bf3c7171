// The bet screen's match, followed live: a pushed state that differs from the match as read (a pause, a
// result, a call-off, also one from before the watch began, with the watch's reply) reads it again, and
// the form closes. Loaded after the first paint: the route's first load stays within its budget.
import type { GameEvent } from '#shared/api.ts';
import { liveChannel } from '../../lib/realtime/live-channel.ts';
import { differsFrom } from '../../lib/realtime/live-state.ts';

/** Watches the match's tournament until the returned function is called. */
export function followMatch(match: { tournamentId: string; eventId: string }, shown: () => GameEvent | undefined, readAgain: () => void) {
  return liveChannel().watch(match.tournamentId, {
    onPush: (push) => {
      if (push.event !== 'event-state' || push.data._id !== match.eventId) return;
      const current = shown();
      if (!current || differsFrom(current, push.data)) readAgain();
    },
    // Pushes may have been missed while the socket was down.
    onReconnected: readAgain,
  });
}
