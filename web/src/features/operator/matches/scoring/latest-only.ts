// Sending a value that only matters at its newest (a live score): one request at a time, and a value that
// comes while one is on its way waits, replacing any waiting before it. Taps are never refused meanwhile.

export interface LatestOnly<T> {
  /** Sends the value now, or after the request on its way (only the newest waiting value is sent). */
  push: (value: T) => void;
  /** Whether a request is on its way. */
  readonly busy: boolean;
}

/**
 * `onIdle` runs once nothing is on its way or waiting, with the last request's failure (undefined when it
 * succeeded): an earlier failure does not matter once a newer value got through.
 */
export function latestOnly<T>(send: (value: T) => Promise<unknown>, onIdle: (failure: unknown) => void): LatestOnly<T> {
  let busy = false;
  let waiting: { value: T } | undefined;
  const run = (value: T) => {
    busy = true;
    let failure: unknown;
    send(value)
      .catch((error: unknown) => {
        failure = error ?? new Error('Request failed');
      })
      .finally(() => {
        const next = waiting;
        waiting = undefined;
        if (next) return run(next.value);
        busy = false;
        onIdle(failure);
      })
      .catch(() => {}); // onIdle's own throw has nowhere to go
  };
  return {
    push(value) {
      if (busy) waiting = { value };
      else run(value);
    },
    get busy() {
      return busy;
    },
  };
}
