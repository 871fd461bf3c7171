// Bounded parallelism: at most `limit` calls in flight, so a big batch never floods DynamoDB.

/**
 * Calls `run` for every item with at most `limit` in flight. On the first failure no new call starts;
 * it waits for those in flight and then rejects with that failure.
 */
export async function forEachLimit<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++];
      try {
        await run(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.error;
}

/** Background tasks, at most `limit` running at once; `drain()` resolves once every added task has ended. */
export class TaskPool {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** `task` must not throw: nobody is there to catch it. */
  add(task: () => Promise<void>): void {
    this.waiting.push(task);
    this.startNext();
  }

  /** Runs `task` once fewer than `limit` tasks run, answering its result (or its failure). */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => this.add(() => task().then(resolve, reject)));
  }

  drain(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private startNext(): void {
    while (this.running < this.limit && this.waiting.length > 0) {
      const task = this.waiting.shift()!;
      this.running++;
      void task().finally(() => {
        this.running--;
        this.startNext();
        if (this.running === 0 && this.waiting.length === 0) this.idle.splice(0).forEach((resolve) => resolve());
      });
    }
  }
}
