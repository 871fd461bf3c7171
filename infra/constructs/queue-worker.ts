// A manifest queue (shared/routes.ts `queues`): the SQS queue, its dead-letter queue and the alarm on it.
// The worker function is attached by the stack once it exists.
import { Duration } from 'aws-cdk-lib';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { addAlarm } from './alarm.ts';

/** The worker's timeout; the queue hides a message 6 times as long, as AWS advises for Lambda consumers. */
export const WORKER_TIMEOUT = Duration.minutes(2);
/** Deliveries before a message goes to the dead-letter queue (settlement is idempotent, retrying is safe). */
const MAX_RECEIVE_COUNT = 5;

export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: { alarmAction: IAlarmAction }) {
    super(scope, id);
    const encryption = QueueEncryption.SQS_MANAGED;
    this.deadLetterQueue = new Queue(this, 'DeadLetters', { encryption, enforceSSL: true, retentionPeriod: Duration.days(14) });
    this.queue = new Queue(this, 'Queue', {
      encryption,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(WORKER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    const description = `Messages in the ${id} dead-letter queue: work that failed ${MAX_RECEIVE_COUNT} times`;
    const metric = this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' });
    addAlarm(this, 'DeadLettersAlarm', { description, metric }, props.alarmAction);
  }

  /** One message per invocation (a whole event's settlement), failures reported per message. */
  feed(worker: IFunction): void {
    worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
  }
}
