// Stopping the local cloud: on Ctrl-C / SIGTERM, and when whoever started it goes away, so no child
// process (the DynamoDB Local JVM above all) outlives it.
import { fstatSync } from 'node:fs';

export class Lifecycle {
  private readonly stops: (() => Promise<void>)[] = [];
  private stopping?: Promise<void>;

  /** Registers a stop; stops run in reverse order of registration. */
  add(stop: () => Promise<void>): void {
    this.stops.push(stop);
  }

  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      for (const stop of this.stops.reverse()) {
        await stop().catch((error: unknown) => console.error('[local cloud] stop failed:', error));
      }
    })();
    return this.stopping;
  }

  /** Stops everything and exits on a signal, or when the parent process or the stdin pipe goes away. */
  exitOnShutdownRequests(): void {
    const exit = (reason: string) => {
      if (reason !== 'SIGINT') console.log(`[local cloud] stopping: ${reason}`);
      void this.stopAll().finally(() => process.exit(0));
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        if (this.stopping) process.exit(1); // a second Ctrl-C: the exit hook still kills the JVM
        exit(signal);
      });
    }
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && exit('the parent process exited'), 1_000).unref();
    // A test harness holds our stdin pipe open; its end means the harness is gone. (A terminal or
    // /dev/null is not a pipe and is left alone.)
    const stdin = fstatSync(0);
    if (stdin.isFIFO() || stdin.isSocket()) {
      process.stdin.on('end', () => exit('stdin closed')).resume();
    }
  }
}
