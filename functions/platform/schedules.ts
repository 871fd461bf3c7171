// One-time schedules (EventBridge Scheduler `at()`; the local cloud's scheduler locally,
// infra/local/scheduler.ts): a function of the manifest's scheduleTargets invoked once at a time, with
// an input. Named, so making one again moves it; deleted after it runs.
import type { SchedulerClient } from '@aws-sdk/client-scheduler';

const sdk = () => import('@aws-sdk/client-scheduler');
let client: SchedulerClient | undefined;

/** Creates or moves the schedule `name` to invoke the target whose ARN is in `arnEnv` at `at`, with `input`. */
export async function scheduleOnce(name: string, at: Date, arnEnv: string, input: object): Promise<void> {
  const { SchedulerClient, CreateScheduleCommand, UpdateScheduleCommand, ResourceNotFoundException } = await sdk();
  client ??= new SchedulerClient({});
  const targetArn = process.env[arnEnv];
  const roleArn = process.env.SCHEDULER_ROLE_ARN;
  if (!targetArn || !roleArn) throw new Error(`${arnEnv} and SCHEDULER_ROLE_ARN must be set`);
  const schedule = {
    Name: name,
    // at() takes a UTC wall-clock time without a zone: yyyy-mm-ddThh:mm:ss.
    ScheduleExpression: `at(${at.toISOString().slice(0, 19)})`,
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' as const },
    ActionAfterCompletion: 'DELETE' as const,
    Target: { Arn: targetArn, RoleArn: roleArn, Input: JSON.stringify(input) },
  };
  try {
    await client.send(new UpdateScheduleCommand(schedule));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateScheduleCommand(schedule));
  }
}

/** Deletes the schedule `name`, if there is one. */
export async function unschedule(name: string): Promise<void> {
  const { SchedulerClient, DeleteScheduleCommand, ResourceNotFoundException } = await sdk();
  client ??= new SchedulerClient({});
  await client.send(new DeleteScheduleCommand({ Name: name })).catch((error: unknown) => {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  });
}
