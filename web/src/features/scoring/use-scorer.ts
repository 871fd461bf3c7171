// The referee's page state: the link's matches (read with its secret, kept for this tab so a reload
// without network still shows them) and the taps on their way (score-sync.ts), with the page's signs
// that the network is back.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import type { ScorerMatch, ScorerView } from '#shared/api.ts';
import { errorStatus } from '../../lib/api-client.ts';
import { prefetchInto } from '../../lib/prefetch.ts';
import { linkTag, parseQueue, type Queue, type QueuedAction } from './offline-queue.ts';
import { getScorerView, sendEnd, sendScore } from './scorer-api.ts';
import { ScoreSync } from './score-sync.ts';

const QUEUE_KEY = 'scorer-taps';
const viewKey = (secret: string) => ['scorer-view', secret] as const;
const viewStoreKey = (secret: string) => `scorer-view:${linkTag(secret)}`;
/** While a result waits for the organiser, the page looks for their answer this often. */
const PENDING_REFRESH_MS = 20_000;

function loadQueue(): Queue {
  try {
    return parseQueue(localStorage.getItem(QUEUE_KEY));
  } catch {
    return {};
  }
}

function saveQueue(queue: Queue) {
  try {
    if (Object.keys(queue).length === 0) localStorage.removeItem(QUEUE_KEY);
    else localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
  } catch {
    // Storage refused (private mode, full): the taps still live while the page is open.
  }
}

function keptView(secret: string): ScorerView | undefined {
  try {
    const text = sessionStorage.getItem(viewStoreKey(secret));
    return text ? (JSON.parse(text) as ScorerView) : undefined;
  } catch {
    return undefined;
  }
}

function keepView(secret: string, view: ScorerView) {
  try {
    sessionStorage.setItem(viewStoreKey(secret), JSON.stringify(view));
  } catch {
    // the page still works; an offline reload then has nothing to show
  }
}

const fetchView = ([, secret]: ReturnType<typeof viewKey>) => getScorerView(secret);

/** Asks for the link's matches while the page's first render is being readied. */
export function prefetchScorerView(secret: string) {
  prefetchInto(viewKey(secret), fetchView).then(
    (view) => keepView(secret, view),
    () => {}, // the page's own request reports it
  );
}

const withMatch = (view: ScorerView, match: ScorerMatch): ScorerView => ({
  ...view,
  matches: view.matches.map((known) => (known._id === match._id ? match : known)),
});

function useSync(secret: string, mutate: KeyedMutator<ScorerView>) {
  const [refusals, setRefusals] = useState<Readonly<Record<string, string>>>({});
  const [sync] = useState(
    () =>
      new ScoreSync({
        link: linkTag(secret),
        send: (action: QueuedAction) =>
          action.kind === 'score'
            ? sendScore(secret, action.matchId, { home: action.score.home, away: action.score.away, takenAt: action.score.takenAt })
            : sendEnd(secret, action.matchId, action.end),
        load: loadQueue,
        save: saveQueue,
        isOnline: () => navigator.onLine,
        onAnswer: (match) =>
          void mutate(
            (view) => {
              if (!view) return view;
              const next = withMatch(view, match);
              keepView(secret, next);
              return next;
            },
            { revalidate: false },
          ),
        onRefused: (action, message) => {
          setRefusals((known) => ({ ...known, [action.matchId]: message }));
          void mutate(); // the server moved on (a result sent, decided): read the match as it is
        },
      }),
  );
  useEffect(() => {
    const flush = () => void sync.flush();
    const onVisible = () => document.visibilityState === 'visible' && flush();
    window.addEventListener('online', flush);
    document.addEventListener('visibilitychange', onVisible);
    flush(); // what a reload kept
    return () => {
      window.removeEventListener('online', flush);
      document.removeEventListener('visibilitychange', onVisible);
      sync.stopRetrying();
    };
  }, [sync]);
  const state = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  const clearRefusal = useCallback((matchId: string) => setRefusals(({ [matchId]: _gone, ...rest }) => rest), []);
  return { sync, state, refusals, clearRefusal };
}

export function useScorer(secret: string) {
  const [fallbackData] = useState(() => keptView(secret));
  const answer = useSWR(viewKey(secret), fetchView, {
    fallbackData,
    onSuccess: (fresh) => keepView(secret, fresh),
    shouldRetryOnError: (failure) => errorStatus(failure) !== 401,
    refreshInterval: (latest) => (latest?.matches.some((match) => match.provisional && !match.result) ? PENDING_REFRESH_MS : 0),
  });
  const error: unknown = answer.error;
  const sync = useSync(secret, answer.mutate);
  const linkDead = errorStatus(error) === 401 || sync.state.linkDead;
  return { view: answer.data, error, linkDead, link: linkTag(secret), ...sync };
}
