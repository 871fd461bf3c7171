// The queue workers' own process, as a Lambda function runs apart from the API: the local queue
// (queue.ts) hands it SQS events over IPC and it invokes the handler under functions/. Killing it
// (a crashed or timed-out invocation) leaves the gateway up; the queue delivers the batch again.
// Started by WorkerProcess below with the cloud's environment (applyLocalEnv has set it).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { invoke, moduleHandlerLoader } from './handlers.ts';
import { functionsDir } from './paths.ts';
import { readableLogsWanted, showLogsReadable } from './terminal-log.ts';

interface Invocation {
  id: number;
  modulePath: string;
  event: object;
  memoryMb: number;
  timeoutMs: number;
}
type Reply = { id: number; result: unknown } | { id: number; error: string } | { id: number; started: true };

/**
 * Lambda does not count an instance's init (starting the runtime, importing the handler) against the
 * function's timeout: it has a budget of its own. Here a process start and a first import (tsx) take
 * seconds on a busy machine, so a worker's timeout is armed once its handler is loaded; loading has this.
 */
const INIT_TIMEOUT_MS = 60_000;

/**
 * The parent's side: one warm worker process, started on the first invocation and again after it dies.
 * `role` names it on its command line ('queues', 'streams'): the stream consumer gets a process of its
 * own, so a queue worker's timeout (which kills its process) never cuts a live broadcast short.
 */
export class WorkerProcess {
  private child?: ChildProcess;
  constructor(private readonly role: string) {}

  private nextId = 1;
  private readonly pending = new Map<number, { child: ChildProcess; resolve: (result: unknown) => void; reject: (error: Error) => void; started: () => void }>();
  /** Why the process was killed, when it was killed for a timeout. */
  private cutOff?: string;

  /**
   * Rejects when the handler fails, or when it runs past timeoutMs: Lambda then ends it, and so does this,
   * by killing the process (any other invocation in it fails too and is delivered again, unlike in Lambda,
   * where each has an instance of its own).
   */
  invoke(modulePath: string, event: object, memoryMb: number, timeoutMs: number): Promise<unknown> {
    const child = this.running();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const cutOffAfter = (ms: number, what: string) =>
        setTimeout(() => {
          this.cutOff = `functions/${modulePath} ${what} after ${ms} ms`;
          child.kill('SIGKILL');
        }, ms);
      let timer = cutOffAfter(INIT_TIMEOUT_MS, 'did not load');
      const started = () => {
        clearTimeout(timer);
        timer = cutOffAfter(timeoutMs, 'timed out');
      };
      const settle = <T>(then: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        then(value);
      };
      const waiting = { child, resolve: settle(resolve), reject: settle(reject), started };
      this.pending.set(id, waiting);
      // A process killed a moment ago may not have reported its exit yet: the send fails (ERR_IPC_CHANNEL_CLOSED),
      // and without this callback Node would raise it as an 'error' event that ends the whole local cloud.
      child.send({ id, modulePath, event, memoryMb, timeoutMs } satisfies Invocation, (error) => {
        if (!error || !this.pending.delete(id)) return;
        waiting.reject(error);
      });
    });
  }

  /** The worker process's id, if one is running (the fault tests kill it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  close(): void {
    this.child?.kill('SIGKILL');
  }

  private running(): ChildProcess {
    if (this.child?.connected) return this.child;
    const child = fork(fileURLToPath(import.meta.url), [this.role], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    child.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if ('started' in reply) return waiting?.started();
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply.result);
    });
    child.on('error', () => {}); // a failed send is reported to its invocation; an exit, by 'exit' below
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      const gone = new Error(this.cutOff ?? `the worker process exited (${signal ?? `code ${code}`}) during the invocation`);
      this.cutOff = undefined;
      for (const [id, waiting] of this.pending) {
        if (waiting.child !== child) continue; // sent to the process started after this one
        this.pending.delete(id);
        waiting.reject(gone);
      }
    });
    this.child = child;
    return child;
  }
}

/** The child's side: invoke what the parent sends; stop when the parent goes away. */
function serveInvocations(): void {
  if (readableLogsWanted()) showLogsReadable(); // it writes to the same terminal as the gateway
  const loadHandler = moduleHandlerLoader(functionsDir);
  process.on('message', (invocation: Invocation) => {
    const { id, modulePath, event, memoryMb, timeoutMs } = invocation;
    loadHandler(modulePath)
      .then((handler) => {
        process.send!({ id, started: true } satisfies Reply); // the timeout counts from here, as in Lambda
        return invoke(handler, event, modulePath, memoryMb, timeoutMs);
      })
      .then(
        (result) => process.send!({ id, result } satisfies Reply),
        (error: unknown) => process.send!({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Reply),
      );
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) serveInvocations();
