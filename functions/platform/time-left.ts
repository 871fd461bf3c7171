// How long the running invocation has before its function's timeout cuts it off: code that waits out
// a race (a retry loop) stops in time to answer, instead of being cut off mid-wait (a 500 with no message).
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** Runs `work` as an invocation that must be done `remainingMs` from now (Lambda's getRemainingTimeInMillis). */
export const withTimeLeft = <T>(remainingMs: number, work: () => Promise<T>): Promise<T> => deadlines.run(Date.now() + remainingMs, work);

/** Milliseconds left in the running invocation; undefined outside one (a script, a unit test). */
export function timeLeftMs(): number | undefined {
  const deadline = deadlines.getStore();
  return deadline === undefined ? undefined : deadline - Date.now();
}
