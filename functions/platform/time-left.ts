// How long the running invocation has before its function's timeout cuts it off: code that waits out
// a race (a retry loop) stops in time to answer, instead of being cut off mid-wait (a 500 with no message).
// A worker's invocation (a queue's or the table stream's) waits out every race it loses for as long as it
// has time (platform/dynamodb.ts): nobody waits on its answer, and giving up means a redelivery later.
import { AsyncLocalStorage } from 'node:async_hooks';

interface Invocation {
  deadline: number;
  waitsOutRaces: boolean;
}

const invocations = new AsyncLocalStorage<Invocation>();

export interface InvocationOptions {
  /** A worker's invocation: every request that loses a race with a transaction is tried again until the deadline. */
  waitsOutRaces?: boolean;
}

/** Runs `work` as an invocation that must be done `remainingMs` from now (Lambda's getRemainingTimeInMillis). */
export const withTimeLeft = <T>(remainingMs: number, work: () => Promise<T>, { waitsOutRaces = false }: InvocationOptions = {}): Promise<T> =>
  invocations.run({ deadline: Date.now() + remainingMs, waitsOutRaces }, work);

/** Milliseconds left in the running invocation; undefined outside one (a script, a unit test). */
export function timeLeftMs(): number | undefined {
  const invocation = invocations.getStore();
  return invocation === undefined ? undefined : invocation.deadline - Date.now();
}

/** Whether the running invocation is a worker's that waits out lost races while it has time left. */
export const waitsOutRaces = (): boolean => invocations.getStore()?.waitsOutRaces ?? false;
