// The local EventBridge Scheduler at /_local/scheduler: the REST-JSON API @aws-sdk/client-scheduler speaks
// (CreateSchedule POST, UpdateSchedule PUT, GetSchedule GET, DeleteSchedule DELETE on /schedules/{Name}),
// for one-time `at(yyyy-mm-ddThh:mm:ss)` schedules in UTC whose target is a function of the manifest's
// `scheduleTargets` (by its local ARN). At its time the target runs in the workers' process with the
// schedule's Input, as the scheduler invokes a Lambda; ActionAfterCompletion DELETE removes the schedule
// then. Kept in $DATA_DIR/schedules.json. Local only: `GET /_local/scheduler` lists the schedules and
// `POST /_local/scheduler/fire/{Name}` runs one now (tests do not wait 15 minutes).
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ScheduleTargetDef } from '../../shared/routes.ts';
import { localFunctionArn, SCHEDULER_PREFIX } from './env.ts';
import { readBody, sendJson } from './http-util.ts';
import type { WorkerProcess } from './worker-process.ts';

interface Schedule {
  Name: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  ActionAfterCompletion?: 'NONE' | 'DELETE';
  FlexibleTimeWindow?: { Mode: string };
  Target: { Arn: string; RoleArn: string; Input?: string };
}

/** setTimeout's longest wait; a later schedule waits again. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const TARGET_TIMEOUT_MS = 60_000;

const atTime = (expression: string): number | undefined => {
  const match = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression);
  return match ? Date.parse(`${match[1]}Z`) : undefined;
};

class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export class LocalScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private saving = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly schedules: Map<string, Schedule>,
    private readonly targets: readonly ScheduleTargetDef[],
    private readonly workers: WorkerProcess,
  ) {
    for (const schedule of schedules.values()) this.arm(schedule);
  }

  static async open(file: string, targets: readonly ScheduleTargetDef[], workers: WorkerProcess): Promise<LocalScheduler> {
    const saved = JSON.parse(await readFile(file, 'utf8').catch(() => '[]')) as Schedule[];
    return new LocalScheduler(file, new Map(saved.map((s) => [s.Name, s])), targets, workers);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.slice(SCHEDULER_PREFIX.length);
    try {
      if (req.method === 'GET' && path === '') return sendJson(res, 200, [...this.schedules.values()]);
      const fire = /^\/fire\/([\w.-]{1,64})$/.exec(path);
      if (req.method === 'POST' && fire) return sendJson(res, 200, { result: await this.fire(this.existing(fire[1])) });
      const named = /^\/schedules\/([\w.-]{1,64})$/.exec(path);
      if (!named) throw new SchedulerError(404, 'ResourceNotFoundException', 'Unknown path');
      const name = named[1];
      if (req.method === 'GET') return sendJson(res, 200, this.existing(name));
      if (req.method === 'DELETE') {
        this.existing(name);
        this.remove(name);
        return sendJson(res, 200, {});
      }
      const input = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as Omit<Schedule, 'Name'>;
      if (req.method === 'POST' && this.schedules.has(name)) throw new SchedulerError(409, 'ConflictException', `Schedule ${name} already exists.`);
      if (req.method === 'PUT') this.existing(name);
      if (req.method !== 'POST' && req.method !== 'PUT') throw new SchedulerError(405, 'ValidationException', 'Method not allowed');
      if (atTime(input.ScheduleExpression) === undefined) throw new SchedulerError(400, 'ValidationException', 'The local scheduler takes at(yyyy-mm-ddThh:mm:ss) expressions only');
      if (!this.targetOf((input.Target as Schedule['Target'] | undefined)?.Arn)) throw new SchedulerError(400, 'ValidationException', 'The target is not a function of the manifest\'s scheduleTargets');
      const schedule: Schedule = { ...input, Name: name };
      this.schedules.set(name, schedule);
      this.arm(schedule);
      await this.save();
      return sendJson(res, 200, { ScheduleArn: `arn:aws:scheduler:local:schedule/default/${name}` });
    } catch (error) {
      if (!(error instanceof SchedulerError)) throw error;
      sendJson(res, error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });
    }
  }

  private existing(name: string): Schedule {
    const schedule = this.schedules.get(name);
    if (!schedule) throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return schedule;
  }

  private targetOf(arn: string | undefined): ScheduleTargetDef | undefined {
    return this.targets.find((t) => localFunctionArn(t.handler) === arn);
  }

  private arm(schedule: Schedule): void {
    clearTimeout(this.timers.get(schedule.Name));
    const at = atTime(schedule.ScheduleExpression) ?? Infinity;
    const wait = Math.max(0, at - Date.now());
    const timer = setTimeout(() => void (wait > MAX_TIMER_MS ? this.arm(schedule) : this.fire(schedule).catch(() => {})), Math.min(wait, MAX_TIMER_MS));
    timer.unref();
    this.timers.set(schedule.Name, timer);
  }

  /** Runs the schedule's target with its Input; removes a schedule that says so after it ran. */
  private async fire(schedule: Schedule): Promise<unknown> {
    clearTimeout(this.timers.get(schedule.Name));
    const target = this.targetOf(schedule.Target.Arn)!;
    try {
      return await this.workers.invoke(target.handler, JSON.parse(schedule.Target.Input ?? '{}') as object, 256, TARGET_TIMEOUT_MS);
    } catch (error) {
      console.error(`[scheduler] functions/${target.handler} failed for ${schedule.Name}:`, error);
      throw error;
    } finally {
      if (schedule.ActionAfterCompletion === 'DELETE' && this.schedules.get(schedule.Name) === schedule) this.remove(schedule.Name);
    }
  }

  private remove(name: string): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
    this.schedules.delete(name);
    void this.save();
  }

  private save(): Promise<void> {
    const snapshot = JSON.stringify([...this.schedules.values()], null, 2);
    this.saving = this.saving.then(async () => {
      await writeFile(`${this.file}.tmp`, snapshot);
      await rename(`${this.file}.tmp`, this.file);
    });
    return this.saving;
  }
}
