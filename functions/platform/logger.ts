// Structured logs through Powertools for AWS Lambda's Logger: one JSON object per line with its level,
// the Lambda context (function, request id, cold start) and the API's request id as `correlation_id`.
// Powertools writes to the process's own stdout/stderr rather than the global console, which Lambda's
// JSON log format would wrap into the "message" string of a line of its own (functions/platform/logger.test.ts
// shows a line as Lambda records it). Fields passed to log() stay top-level: CloudWatch Logs Insights
// queries them and the stack's metric filters count them (bets answered 409: `statusCode`, `routeKey`).
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { SERVICE_NAME } from '#shared/metrics.ts';

export const logger = new Logger({ serviceName: SERVICE_NAME });

type Level = 'info' | 'warn' | 'error';

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger[level](message, fields);
}

/** Error fields for a log line (Powertools writes an Error's name, message, location and stack): the stack stays in the logs, never in an answer. */
export function errorFields(error: unknown): Record<string, unknown> {
  return { error: error instanceof Error ? error : String(error) };
}

/**
 * Starts an invocation's logging for the handlers that are not middy chains (WebSocket routes, the queue
 * worker): the Lambda context and the correlation id on every line until the returned function ends it.
 */
export function startInvocation(context: Context, correlationId: string | undefined): () => void {
  logger.addContext(context);
  if (correlationId) logger.setCorrelationId(correlationId);
  return () => logger.resetKeys();
}
