// Every alarm of the stack has one shape: at or above a threshold for one period, quiet without data,
// notifying the stack's alarm topic.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IAlarmAction, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

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
