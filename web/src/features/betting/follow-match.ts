// The bet screen's match, followed live: each pushed state is laid over the match as shown (a live score
// shows at once, and is never read again by every watcher); one that differs from the match as read (a
// pause, a result, a call-off, also one from before the watch began, with the watch's reply) reads it
// again, and the form closes. Loaded after the first paint: the route's first load stays within its budget.
import type { GameEvent } from '#shared/api.ts';
import { liveChannel } from '../../lib/realtime/live-channel.ts';
import { differsFrom, withState } from '../../lib/realtime/live-state.ts';

/** Watches the match's tournament until the returned function is called. */
export function followMatch<E extends GameEvent>(match: { tournamentId: string; eventId: string }, shown: () => E | undefined, show: (match: E) => void, readAgain: () => void) {
  return liveChannel().watch(match.tournamentId, {
    onPush: (push) => {
      if (push.event !== 'event-state' || push.data._id !== match.eventId) return;
      const current = shown();
      if (current) show(withState(current, push.data));
      if (!current || differsFrom(current, push.data)) readAgain();
    },
    // Pushes may have been missed while the socket was down.
    onReconnected: readAgain,
  });
}
