// Business metrics through Powertools for AWS Lambda's Metrics, in CloudWatch embedded metric format:
// log lines that CloudWatch turns into metrics, so no API call and no permission. Buffered through an
// invocation and flushed at its end (flushMetrics: apiHandler, wsHandler and the worker call it), with
// the dimension service=bet-play-win. Names in shared/metrics.ts, which the stack's dashboard reads too.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC, METRICS_NAMESPACE, REASON_DIMENSION, SERVICE_NAME } from '#shared/metrics.ts';
import { DomainError, type DomainErrorCode } from '#functions/platform/errors.ts';

const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });

type Name = (typeof METRIC)[keyof typeof METRIC];

export function count(name: Name, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

export function milliseconds(name: Name, value: number): void {
  metrics.addMetric(name, MetricUnit.Milliseconds, value);
}

/** One count with its own `reason` dimension, written at once (Powertools' single metric). */
export function countWithReason(name: Name, reason: string): void {
  const single = metrics.singleMetric();
  single.addDimension(REASON_DIMENSION, reason);
  single.addMetric(name, MetricUnit.Count, 1);
}

/** Context for the flushed metrics' line (searchable in Logs Insights, not a dimension). */
export function addMetadata(key: string, value: string): void {
  metrics.addMetadata(key, value);
}

/** Runs `run`; a DomainError it throws is passed to `refused` (to be counted) and thrown on. */
export async function countingRefusals<T>(run: () => Promise<T>, refused: (code: DomainErrorCode) => void): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) refused(error.code);
    throw error;
  }
}

/** Writes what the invocation counted; nothing when it counted nothing (Powertools would warn). */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
