// The table stream's consumer (shared/routes.ts `streamConsumers`: one, the dispatcher; AWS advises at
// most two readers of a single-Region table's stream): one DynamoDB event source mapping per consumer
// function, with the manifest's filters as filter criteria (infra/stream-filters.ts, merged into the fewest
// exact patterns, which the local poller applies too), partial batch responses, bisecting a failing
// batch, a few retries, and one on-failure queue with an alarm. Grants go into the function's one inline
// policy (no extra policy resource, as CDK's own grants would make).
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition, type IEventSourceDlq } from 'aws-cdk-lib/aws-lambda';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StreamConsumerDef } from '../../shared/routes.ts';
import { acknowledge } from '../nag.ts';
import { DEAD_LETTER_RETENTION_DAYS } from '../../shared/queue-settings.ts';
import { streamFilterPatterns } from '../stream-filters.ts';
import { STREAM_BATCH_SIZE, STREAM_RETRY_ATTEMPTS } from '../stream-settings.ts';
import { addAlarm } from './alarm.ts';
import type { AppFunction } from './app-function.ts';

export class StreamConsumers extends Construct {
  /** Where Lambda records a batch it gave up on (its shard, sequence numbers, the error), for a look and a replay. */
  readonly failures: Queue;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: { table: ITable; alarmAction: IAlarmAction },
  ) {
    super(scope, id);
    this.failures = new Queue(this, 'Failures', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(DEAD_LETTER_RETENTION_DAYS) });
    acknowledge(this.failures, 'AwsSolutions-SQS3', 'It is the stream consumers\' on-failure destination: records end here, watched by an alarm.');
    acknowledge(this.failures, 'Serverless-SQSRedrivePolicy', 'It is the stream consumers\' on-failure destination: records end here, watched by an alarm.');
    const metric = this.failures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' });
    addAlarm(this, 'FailuresAlarm', { description: 'A table stream consumer gave up on a batch (records in its on-failure queue)', metric }, props.alarmAction);
    new CfnOutput(Stack.of(this), 'StreamFailuresUrl', { value: this.failures.queueUrl, description: 'Stream batches the consumers gave up on' });
  }

  /** Feeds the consumer's function from the table's stream. */
  feed(consumer: AppFunction, def: StreamConsumerDef): void {
    const streamArn = this.props.table.tableStreamArn;
    if (!streamArn) throw new Error('The table has no stream');
    const patterns = streamFilterPatterns(def.filters);
    if (patterns.length > 5) throw new Error(`${def.name}: Lambda takes at most 5 filters per event source`);
    consumer.addToPolicy(new PolicyStatement({ actions: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'], resources: [streamArn] }));
    consumer.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.failures.queueArn] }));
    // Its own destination object: CDK's SqsDlq would grant through a separate policy resource.
    const onFailure: IEventSourceDlq = { bind: () => ({ destination: this.failures.queueArn }) };
    consumer.fn.addEventSourceMapping(`${def.name}Stream`, {
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.LATEST,
      batchSize: STREAM_BATCH_SIZE,
      maxBatchingWindow: Duration.seconds(def.batchingWindowSeconds),
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: STREAM_RETRY_ATTEMPTS,
      onFailure,
      filters: patterns.map((pattern) => FilterCriteria.filter(pattern as Record<string, unknown>)),
    });
  }
}
