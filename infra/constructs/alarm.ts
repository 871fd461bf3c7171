// Every alarm of the stack has one shape: at or above a threshold for one period, quiet without data,
// notifying the stack's alarm topic.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, type IFilterPattern, type LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../../shared/metrics.ts';

export interface AlarmSpec {
  description: string;
  metric: IMetric;
  /** Default 1: any occurrence. */
  threshold?: number;
  evaluationPeriods?: number;
}

export function addAlarm(scope: Construct, id: string, spec: AlarmSpec, action: IAlarmAction): Alarm {
  const alarm = new Alarm(scope, id, {
    alarmDescription: spec.description,
    metric: spec.metric,
    threshold: spec.threshold ?? 1,
    evaluationPeriods: spec.evaluationPeriods ?? 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(action);
  return alarm;
}

/** CloudWatch's limit of metrics in one alarm's math expression. */
const METRICS_PER_ALARM = 10;

/**
 * Errors (unhandled errors and timeouts; handled ones are 500 answers, in the API's 5xx alarm) and
 * throttles of the functions, in alarms of up to ten functions each: one alarm per function would be
 * ~90 resources, too near CloudFormation's 500 per stack.
 */
export function addFunctionAlarms(scope: Construct, functions: readonly { handler: string; fn: IFunction }[], action: IAlarmAction): void {
  const period = Duration.minutes(5);
  for (const metricName of ['Errors', 'Throttles']) {
    for (let start = 0; start < functions.length; start += METRICS_PER_ALARM) {
      const group = functions.slice(start, start + METRICS_PER_ALARM);
      const usingMetrics = Object.fromEntries(group.map(({ fn }, i) => [`f${i}`, fn.metric(metricName, { statistic: 'Sum', period })]));
      const metric = new MathExpression({ expression: `SUM([${Object.keys(usingMetrics).join(',')}])`, usingMetrics, period, label: metricName });
      const description = `Lambda ${metricName} in ${group.map((f) => f.handler).join(', ')}`;
      addAlarm(scope, `Function${metricName}Alarm${start / METRICS_PER_ALARM + 1}`, { description, metric }, action);
    }
  }
}

/** The route every bet takes: the one contention on a hot event would show on first. */
export const BET_HANDLER = 'betting/handlers/create-new';

/**
 * Contention made visible: DynamoDB's TransactionConflict count on the table (transactions or writes
 * refused because another transaction held an item: after the close protocol only one user's own
 * concurrent requests, or settlement meeting a bettor's activity, should cause any), and the share of
 * bets answered 409 (wallet busy after the retries, or betting closed as they arrived), counted from the
 * bet function's one JSON log line per request.
 */
export function addContentionAlarms(scope: Construct, table: ITable, bet: { logGroup: LogGroup }, action: IAlarmAction): { conflicts: IMetric; betRefusalRate: IMetric } {
  const conflicts = new Metric({ namespace: 'AWS/DynamoDB', metricName: 'TransactionConflict', dimensionsMap: { TableName: table.tableName }, statistic: 'Sum', period: Duration.minutes(5) });
  addAlarm(scope, 'TableTransactionConflictAlarm', { description: 'DynamoDB refused 100 or more requests in 5 minutes for transaction conflicts (TransactionConflict)', metric: conflicts, threshold: 100 }, action);

  const requestLine = (id: string, metricName: string, pattern: IFilterPattern) =>
    new MetricFilter(scope, id, { logGroup: bet.logGroup, metricNamespace: METRICS_NAMESPACE, metricName, filterPattern: pattern, metricValue: '1', defaultValue: 0 }).metric({ statistic: 'Sum', period: Duration.minutes(5) });
  const answered = requestLine('BetAnswersFilter', 'BetAnswers', FilterPattern.exists('$.statusCode'));
  const refused = requestLine('Bet409Filter', 'BetAnswered409', FilterPattern.numberValue('$.statusCode', '=', 409));
  const rate = new MathExpression({ expression: 'IF(answered > 0, 100 * refused / answered, 0)', usingMetrics: { answered, refused }, period: Duration.minutes(5), label: 'bets answered 409 (%)' });
  addAlarm(scope, 'Bet409RateAlarm', { description: '5% or more of the bets in 5 minutes were answered 409 (wallet busy, or betting closed as they arrived)', metric: rate, threshold: 5 }, action);
  return { conflicts, betRefusalRate: rate };
}
