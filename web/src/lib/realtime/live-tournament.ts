// A tournament's pictures kept live: its standings, bracket and stage are read again when
// an event-state push for it arrives (a result declared or corrected, a match added, moved, paused), and
// after a reconnect (pushes may have been missed); a push that only moves a live score is laid over the
// bracket instead. Every watcher of a tournament gets a result at the same
// moment: each waits a random moment of up to a second and a half before reading, so a crowd's reads
// are spread rather than all at once.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { LiveEventState, TournamentShape } from '#shared/api.ts';
import { afterNextPaint } from '../after-paint.ts';
import { eventListKey } from '../game/get-event-list.ts';
import { tournamentShapeKey } from '../game/get-tournament-shape.ts';
import { onlyLiveScoreChanged, withLiveScore } from './live-score.ts';

const SPREAD_MS = 1_500;

export function useLiveTournamentShape(tournamentId: string | null) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!tournamentId) return;
    let stopWatching: (() => void) | undefined;
    let unmounted = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let withList = false;
    // Each match's state as last told, to tell a push that only moves a live score.
    const known = new Map<string, LiveEventState>();
    // Pushes that come together (a result, then the next match it opens) are one read.
    const readAgain = (list: boolean) => {
      withList ||= list;
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void mutate(tournamentShapeKey(tournamentId));
        // A knockout result fills the winner into the next match: the match cards take its teams from the list.
        if (withList) void mutate(eventListKey(tournamentId));
        withList = false;
      }, Math.random() * SPREAD_MS);
    };
    // The channel's code loads after the page's first paint, as the match cards' does (lib/realtime/live-events.ts).
    void afterNextPaint()
      .then(() => import('./live-channel.ts'))
      .then(
        ({ liveChannel }) => {
          if (unmounted) return;
          stopWatching = liveChannel().watch(tournamentId, {
            onPush: (push, asOfWatch) => {
              if (push.event !== 'event-state') return;
              const before = known.get(push.data._id);
              known.set(push.data._id, push.data);
              // The watch's reply states every match, changed or not: no reason to read again.
              if (asOfWatch) return;
              // A goal changes no table and no bracket but its match's score: laid over, not read by every watcher.
              if (onlyLiveScoreChanged(before, push.data)) {
                void mutate(tournamentShapeKey(tournamentId), (shape?: TournamentShape) => shape && withLiveScore(shape, push.data), { revalidate: false });
                return;
              }
              // A result, or a match opening (the usual sign of a winner filled into it): the list too.
              readAgain(push.data.winnerTeamId !== null || push.data.isVoid === true || push.data.isBetActive);
            },
            onReconnected: () => {
              known.clear();
              readAgain(false);
            },
          });
        },
        () => {}, // no live updates this time: the page still reads again on focus
      );
    return () => {
      unmounted = true;
      clearTimeout(timer);
      stopWatching?.();
    };
  }, [tournamentId, mutate]);
}
