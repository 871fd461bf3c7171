// The operator's CloudWatch dashboard: the business metrics the functions write (shared/metrics.ts,
// embedded metric format) beside the API, Lambda, DynamoDB and queue figures. One resource, whatever
// the number of functions.
import { Duration, Stack } from 'aws-cdk-lib';
import {
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, REASON_DIMENSION, SERVICE_NAME } from '../../shared/metrics.ts';
import { accountWideName } from '../account-wide-name.ts';
import type { AppHttpApi, AppWebSocketApi } from './apis.ts';
import type { AppFunction } from './app-function.ts';
import type { WorkQueue } from './queue-worker.ts';

export interface OperationsDashboardProps {
  httpApi: AppHttpApi;
  webSocket: AppWebSocketApi;
  functions: readonly AppFunction[];
  table: ITable;
  queues: readonly WorkQueue[];
  /** From the contention alarms (infra/constructs/alarm.ts). */
  contention: { conflicts: IMetric; betRefusalRate: IMetric };
}

const PERIOD = Duration.minutes(5);
const WIDTH = 8;
const HEIGHT = 6;

/** One of our business metrics (dimension service), summed per period unless told. */
const business = (metricName: string, label: string, statistic = 'Sum') =>
  new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: SERVICE_NAME }, statistic, period: PERIOD, label });

/** CloudWatch's limit on the length of one metric math expression. */
export const MAX_EXPRESSION_LENGTH = 1024;

const sumOf = (ids: readonly string[]) => `SUM([${ids.join(',')}])`;

/** The ids in consecutive runs whose sum expression each stays within CloudWatch's limit. */
function withinLimit(ids: readonly string[]): string[][] {
  const runs: string[][] = [[]];
  for (const id of ids) {
    const run = runs[runs.length - 1];
    if (run.length && sumOf([...run, id]).length > MAX_EXPRESSION_LENGTH) runs.push([id]);
    else run.push(id);
  }
  return runs;
}

/**
 * The metric of every function of the stack, summed into one line (like the function alarms). One SUM
 * naming every function's id outgrows CloudWatch's 1,024 characters at ~85 functions, so the ids are
 * summed in runs that each fit (hidden in the graph), and the line is the sum of those.
 */
function acrossFunctions(functions: readonly AppFunction[], metricName: string, label: string): MathExpression {
  // Ids unique across the graph's expressions (errors0…, errorsRun0…, throttles0…).
  const prefix = metricName.toLowerCase();
  const usingMetrics = Object.fromEntries(functions.map(({ fn }, i) => [`${prefix}${i}`, fn.metric(metricName, { statistic: 'Sum', period: PERIOD })]));
  const runs = withinLimit(Object.keys(usingMetrics));
  if (runs.length === 1) return new MathExpression({ expression: sumOf(runs[0]), usingMetrics, period: PERIOD, label });
  const runSums = Object.fromEntries(
    runs.map((ids, i) => [`${prefix}Run${i}`, new MathExpression({ expression: sumOf(ids), usingMetrics: Object.fromEntries(ids.map((id) => [id, usingMetrics[id]])), period: PERIOD })]),
  );
  return new MathExpression({ expression: sumOf(Object.keys(runSums)), usingMetrics: runSums, period: PERIOD, label });
}

const graph = (title: string, left: IMetric[], right: IMetric[] = []) => new GraphWidget({ title, left, right, width: WIDTH, height: HEIGHT, period: PERIOD });

export class OperationsDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsDashboardProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    const { httpApi, webSocket, functions, table, queues, contention } = props;
    const webSocketMetric = (metricName: string, label: string) =>
      webSocket.api.metric(metricName, { statistic: 'Sum', period: PERIOD, label, dimensionsMap: { ApiId: webSocket.api.apiId, Stage: webSocket.stage.stageName } });
    const tableMetric = (metricName: string, label: string, statistic = 'Sum') => table.metric(metricName, { statistic, period: PERIOD, label });

    const rows: IWidget[][] = [
      [new TextWidget({ markdown: '## Bets, settlement, pushes, logins\nFrom the functions (Powertools Metrics, namespace `BetPlayWin`). docs/deploy.md explains each.', width: 24, height: 2 })],
      [
        graph(
          'Bets placed and refused (by reason)',
          [
            business(METRIC.betsPlaced, 'placed'),
            new MathExpression({
              expression: `SEARCH('{${METRICS_NAMESPACE},${REASON_DIMENSION},service} MetricName="${METRIC.betsRefused}"', 'Sum', ${PERIOD.toSeconds()})`,
              label: 'refused:',
              period: PERIOD,
            }),
          ],
          [business(METRIC.coinsStaked, 'coins staked')],
        ),
        graph(
          'Settlement: duration per event (ms), bets settled',
          [business(METRIC.settlementDuration, 'duration p50', 'p50'), business(METRIC.settlementDuration, 'duration max', 'Maximum')],
          [business(METRIC.betsSettled, 'bets settled'), business(METRIC.betsSwept, 'bets swept late')],
        ),
        graph('Pushes and logins refused', [
          business(METRIC.socketPostsSent, 'pushes sent'),
          business(METRIC.socketPostsGone, 'pushes to gone connections'),
          business(METRIC.socketPostsFailed, 'pushes failed'),
          business(METRIC.webPushesSent, 'web pushes sent'),
          business(METRIC.webPushesDropped, 'web push subscriptions dropped'),
          business(METRIC.webPushesFailed, 'web pushes failed'),
          business(METRIC.loginsFailed, 'logins failed'),
          business(METRIC.loginsThrottled, 'logins throttled'),
        ]),
      ],
      [
        graph(
          'HTTP API: requests, 4xx, 5xx; p99 latency (ms)',
          [
            httpApi.api.metricCount({ period: PERIOD, statistic: 'Sum', label: 'requests' }),
            httpApi.api.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx (429 throttled among them)' }),
            httpApi.api.metricServerError({ period: PERIOD, statistic: 'Sum', label: '5xx' }),
          ],
          [httpApi.api.metricLatency({ period: PERIOD, statistic: 'p99', label: 'latency p99' })],
        ),
        graph('WebSocket API', [
          webSocketMetric('ConnectCount', 'connects'),
          webSocketMetric('MessageCount', 'messages (pushes included)'),
          webSocketMetric('ClientError', 'client errors (refused connects, throttled)'),
          webSocketMetric('IntegrationError', 'integration errors'),
          webSocketMetric('ExecutionError', 'execution errors'),
        ]),
        graph('Contention: bets answered 409 (%), TransactionConflict', [contention.betRefusalRate], [contention.conflicts]),
      ],
      [
        graph('Lambda: errors and throttles, all functions', [
          acrossFunctions(functions, 'Errors', 'errors'),
          acrossFunctions(functions, 'Throttles', 'throttles'),
        ]),
        graph('Lambda: p99 duration by function (ms)', [
          new MathExpression({ expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="Duration" ${stackName}', 'p99', ${PERIOD.toSeconds()})`, label: '', period: PERIOD }),
        ]),
        graph('Lambda: concurrent executions (account)', [
          new Metric({ namespace: 'AWS/Lambda', metricName: 'ConcurrentExecutions', statistic: 'Maximum', period: PERIOD, label: 'concurrent executions' }),
        ]),
      ],
      [
        graph(
          'DynamoDB: capacity consumed',
          [tableMetric('ConsumedReadCapacityUnits', 'read units'), tableMetric('ConsumedWriteCapacityUnits', 'write units')],
          ['GetItem', 'TransactWriteItems'].map((operation) =>
            table.metricSuccessfulRequestLatency({ dimensionsMap: { TableName: table.tableName, Operation: operation }, statistic: 'p99', period: PERIOD, label: `${operation} p99 (ms)` }),
          ),
        ),
        graph('DynamoDB: throttles, conflicts, errors', [
          tableMetric('ReadThrottleEvents', 'read throttles'),
          tableMetric('WriteThrottleEvents', 'write throttles'),
          contention.conflicts,
          tableMetric('SystemErrors', 'system errors'),
        ]),
        graph(
          'Queues: waiting, oldest (s), dead letters',
          queues.flatMap((q) => [
            q.queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum', label: `${q.node.id} waiting` }),
            q.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum', label: `${q.node.id} dead letters` }),
          ]),
          queues.map((q) => q.queue.metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum', label: `${q.node.id} oldest` })),
        ),
      ],
    ];
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: accountWideName(this, 'operations'), widgets: rows, defaultInterval: Duration.hours(3) });
  }
}
