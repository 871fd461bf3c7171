// Live match cards: each card watches its tournament over the live channel (the channel watches each
// tournament once, however many cards). A pushed event state and crowd split are kept here by event id
// and laid over the card's list data, so no list is fetched again for a push that thousands of
// watchers get at once; after a reconnect, what was pushed meanwhile may be missing, so the kept states
// are dropped and the lists read again.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import type { CrowdSplit, GameEvent, LiveEventState } from '#shared/api.ts';
import { isEventListKey } from '../game/get-event-list.ts';
import { afterNextPaint } from '../after-paint.ts';
import { withState } from './live-state.ts';

const states = new Map<string, LiveEventState>();
/** Events with a card on screen, counted. */
const shown = new Map<string, number>();
const crowds = new Map<string, Record<string, number>>();
// Listeners by event id: a push renders the one card it is about, not every card on the page.
const listeners = new Map<string, Set<() => void>>();
const changed = (eventId: string) => listeners.get(eventId)?.forEach((listener) => listener());
const changedAll = () => listeners.forEach((_, eventId) => changed(eventId));

/** Subscribes to the changes of one event's pushed state or crowd split. */
export const subscribeTo = (eventId: string) => (listener: () => void) => {
  const own = listeners.get(eventId) ?? new Set();
  listeners.set(eventId, own.add(listener));
  return () => {
    own.delete(listener);
    if (own.size === 0) listeners.delete(eventId);
  };
};

const bettorTotal = (bettors: Record<string, number>) => Object.values(bettors).reduce((sum, n) => sum + n, 0);
const sameCrowd = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([team, n]) => b[team] === n);

/** Keeps a pushed crowd split; one that shows nothing new (the same counts, or none before and none now) changes no card. */
export function setCrowd({ eventId, bettors }: CrowdSplit) {
  const kept = crowds.get(eventId);
  if (kept ? sameCrowd(kept, bettors) : bettorTotal(bettors) === 0) return;
  crowds.set(eventId, bettors);
  changed(eventId);
}

export interface LiveEvent {
  event: GameEvent;
  /** Bettors per team id, once known. */
  bettors?: Record<string, number>;
}

// The channel's code is not needed to show the cards (the first-visit budget, docs/benchmarks.md): it loads once
// they are on screen (lib/after-paint.ts), once for all cards (each import() call would look up the
// chunk's preloads again).
let channelModule: Promise<typeof import('./live-channel.ts')> | undefined;
function loadChannel() {
  channelModule ??= afterNextPaint().then(() => import('./live-channel.ts')).catch((error: unknown) => {
    channelModule = undefined; // the next card tries again
    throw error;
  });
  return channelModule;
}

/** The event with its latest pushed state and crowd split, kept live while the card is mounted. */
export function useLiveEvent(event: GameEvent): LiveEvent {
  const { mutate } = useSWRConfig();
  const { tournamentId, _id: eventId } = event;
  useEffect(() => {
    shown.set(eventId, (shown.get(eventId) ?? 0) + 1);
    return () => {
      const left = (shown.get(eventId) ?? 1) - 1;
      if (left > 0) shown.set(eventId, left);
      else shown.delete(eventId);
    };
  }, [eventId]);
  useEffect(() => {
    let stopWatching: (() => void) | undefined;
    let unmounted = false;
    // The cards turn live when the channel's code has arrived.
    void loadChannel().then(
      ({ liveChannel }) => {
        if (unmounted) return;
        stopWatching = liveChannel().watch(tournamentId, {
          onPush: (push, asOfWatch) => {
            if (push.event === 'crowd') return setCrowd(push.data);
            // The channel hands a card that watches late the pushes the others had: each is taken once.
            const before = states.get(push.data._id);
            if (before === push.data) return;
            states.set(push.data._id, push.data);
            changed(push.data._id);
            // A pushed event with no card is a new one: it comes with the list, teams and all. The watch's
            // reply states every event, on screen or not; a match played before and after the push (a goal) is no new one.
            const stillPlayed = before?.liveScore && push.data.liveScore;
            if (!asOfWatch && !shown.has(push.data._id) && !stillPlayed) void mutate(isEventListKey);
          },
          onReconnected: () => {
            states.clear();
            changedAll();
            void mutate(isEventListKey);
          },
        });
      },
      () => {}, // the cards stay as listed, without live updates
    );
    return () => {
      unmounted = true;
      stopWatching?.();
    };
  }, [tournamentId, mutate]);
  const subscribe = useMemo(() => subscribeTo(eventId), [eventId]);
  const state = useSyncExternalStore(subscribe, () => states.get(eventId));
  const bettors = useSyncExternalStore(subscribe, () => crowds.get(eventId));
  return { event: state ? withState(event, state) : event, ...(bettors && { bettors }) };
}
