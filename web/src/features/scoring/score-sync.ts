// Sends the referee's taps, one request at a time, the phone's queue (offline-queue.ts) first: a tap is
// kept before it is sent, so a failed request, a dead network or a reload loses nothing. Taps made while
// a request is on its way merge into the next one. No network, or a server that cannot answer: the taps
// wait and are tried again later and later (and at once when the page says the network is back); too many
// taps (429): the same, at least a few seconds on. A dead link (401) stops everything. Any other refusal
// (a result already sent, a score that does not fit) drops that request and says why.
import type { ScorerMatch } from '#shared/api.ts';
import { MSG } from '#shared/messages.ts';
import type { Score } from '#shared/match-results.ts';
import { errorStatus, isApiError } from '../../lib/api-client.ts';
import { actionsOf, addEnd, addScore, type EndBody, nextTakenAt, type Queue, type QueuedAction, settle } from './offline-queue.ts';

/** Why taps wait on the phone: no network (or no answer), or the server asked to slow down. */
export type SyncHold = 'offline' | 'too-fast' | null;

export interface SyncSnapshot {
  queue: Queue;
  hold: SyncHold;
  /** The link was revoked or expired: nothing more is sent. */
  linkDead: boolean;
}

export interface SyncDeps {
  /** The link's tag (offline-queue.ts linkTag): its taps only are sent. */
  link: string;
  send: (action: QueuedAction) => Promise<ScorerMatch>;
  load: () => Queue;
  save: (queue: Queue) => void;
  isOnline: () => boolean;
  /** The match as the server has it after a request. */
  onAnswer: (match: ScorerMatch) => void;
  /** A request the server will never take, and its reason. */
  onRefused: (action: QueuedAction, message: string) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 30_000;
/** The server counts a link's requests by the minute: after a 429, a pause this long at least. */
export const TOO_FAST_WAIT_MS = 5_000;

/** No answer, or none that settles anything: the request may go through later. */
const worthRetrying = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export class ScoreSync {
  private snapshot: SyncSnapshot;
  private readonly listeners = new Set<() => void>();
  private flushing = false;
  private retryTimer: unknown = undefined;
  private retryDelay = FIRST_RETRY_MS;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: SyncDeps) {
    this.snapshot = { queue: deps.load(), hold: null, linkDead: false };
    this.now = deps.now ?? Date.now;
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = () => this.snapshot;

  private set(patch: Partial<SyncSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  // Read afresh before each change: another tab of the same phone may have changed the queue.
  private update(change: (queue: Queue) => Queue) {
    const queue = change(this.deps.load());
    this.deps.save(queue);
    this.set({ queue });
  }

  /** The time of a tap made now: after every tap the phone holds for the match. */
  takenAtFor(matchId: string): number {
    return nextTakenAt(this.deps.load(), matchId, this.now());
  }

  /** A tap: the match's whole new score, kept, then sent. */
  score(matchId: string, score: Score): void {
    if (this.snapshot.linkDead) return;
    const takenAt = this.takenAtFor(matchId);
    this.update((queue) => addScore(queue, this.deps.link, matchId, score, takenAt));
    void this.flush();
  }

  /** The referee's result, kept, then sent after the match's score. */
  end(matchId: string, body: EndBody): void {
    if (this.snapshot.linkDead) return;
    this.update((queue) => addEnd(queue, this.deps.link, matchId, body));
    void this.flush();
  }

  /** Sends what the phone holds, oldest first; at most one run at a time. */
  async flush(): Promise<void> {
    if (this.flushing || this.snapshot.linkDead) return;
    if (actionsOf(this.deps.load(), this.deps.link).length === 0) return this.release();
    if (!this.deps.isOnline()) return this.hold('offline');
    this.flushing = true;
    try {
      for (;;) {
        const action = actionsOf(this.deps.load(), this.deps.link).at(0);
        if (!action) return this.release();
        let answer: ScorerMatch;
        try {
          answer = await this.deps.send(action);
        } catch (error) {
          const status = errorStatus(error);
          if (status === 401) return this.set({ linkDead: true });
          if (worthRetrying(status)) return this.hold(status === 429 ? 'too-fast' : 'offline');
          this.update((queue) => settle(queue, action));
          this.deps.onRefused(action, isApiError(error) ? error.message : MSG.somethingWentWrong);
          continue;
        }
        this.update((queue) => settle(queue, action));
        this.deps.onAnswer(answer);
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Tries again later: each time the wait doubles, up to half a minute. A tap meanwhile does not add to it. */
  private hold(reason: Exclude<SyncHold, null>) {
    if (this.snapshot.hold !== reason) this.set({ hold: reason });
    if (this.retryTimer !== undefined) return;
    const wait = reason === 'too-fast' ? Math.max(this.retryDelay, TOO_FAST_WAIT_MS) : this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, LONGEST_RETRY_MS);
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, wait);
  }

  private release() {
    this.stopRetrying();
    this.retryDelay = FIRST_RETRY_MS;
    if (this.snapshot.hold !== null) this.set({ hold: null });
  }

  /** The page is left: no timer runs on. */
  stopRetrying(): void {
    if (this.retryTimer !== undefined) this.clearTimer(this.retryTimer);
    this.retryTimer = undefined;
  }
}
