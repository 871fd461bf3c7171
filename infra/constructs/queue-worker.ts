// A manifest queue (shared/routes.ts `queues`): the SQS queue, its dead-letter queue and the alarm on it.
// The worker function is attached by the stack once it exists.
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDef } from '../../shared/routes.ts';
import { DEAD_LETTER_RETENTION_DAYS, MAX_RECEIVE_COUNT, visibilityTimeoutSeconds, WORKER_BATCH_SIZE } from '../../shared/queue-settings.ts';
import { addAlarm } from './alarm.ts';

export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  /** The worker's timeout: the manifest's, shared with the local queue. */
  readonly workerTimeout: Duration;

  constructor(scope: Construct, id: string, props: { def: QueueDef; alarmAction: IAlarmAction }) {
    super(scope, id);
    this.workerTimeout = Duration.seconds(props.def.timeoutSeconds);
    const encryption = QueueEncryption.SQS_MANAGED;
    this.deadLetterQueue = new Queue(this, 'DeadLetters', { encryption, enforceSSL: true, retentionPeriod: Duration.days(DEAD_LETTER_RETENTION_DAYS) });
    this.queue = new Queue(this, 'Queue', {
      encryption,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds(props.def.timeoutSeconds)),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    const description = `Messages in the ${id} dead-letter queue: work that failed ${MAX_RECEIVE_COUNT} times`;
    const metric = this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' });
    addAlarm(this, 'DeadLettersAlarm', { description, metric }, props.alarmAction);
    // What `npm run ops -- dead-letters` and `redrive` take as DEAD_LETTER_QUEUE_URL.
    new CfnOutput(Stack.of(this), `${id}DeadLettersUrl`, { value: this.deadLetterQueue.queueUrl, description: `DEAD_LETTER_QUEUE_URL of the ${id} for npm run ops` });
  }

  /** One message per invocation (a whole event's settlement), failures reported per message. */
  feed(worker: IFunction): void {
    worker.addEventSource(new SqsEventSource(this.queue, { batchSize: WORKER_BATCH_SIZE, reportBatchItemFailures: true }));
  }
}
