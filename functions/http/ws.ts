// wsHandler: the WebSocket counterpart of apiHandler. API Gateway only reads the statusCode of a
// WebSocket route's answer (non-2xx on $connect refuses the upgrade) and, with a route response, its
// body; errors are logged, never sent.
import type { APIGatewayEventWebsocketRequestContextV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { errorFields, log, startInvocation } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';

/** A WebSocket event; $connect carries the upgrade request's headers (including `cookie`). */
export interface WsEvent {
  requestContext: Pick<APIGatewayEventWebsocketRequestContextV2, 'routeKey' | 'eventType' | 'connectionId'> &
    Partial<APIGatewayEventWebsocketRequestContextV2>;
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
}

/** The status, and for a message route an optional reply sent back to the client. */
export interface WsAnswer {
  statusCode: number;
  body?: string;
}

export function wsHandler(run: (event: WsEvent) => Promise<WsAnswer>) {
  return async (event: WsEvent, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const startedAt = Date.now();
    const { routeKey, connectionId, requestId } = event.requestContext;
    const end = startInvocation(context, requestId);
    let answer: WsAnswer = { statusCode: 500 };
    try {
      answer = await run(event);
    } catch (error) {
      log('error', 'websocket route failed', { routeKey, connectionId, ...errorFields(error) });
    }
    const { statusCode } = answer;
    log(statusCode >= 500 ? 'error' : 'info', 'websocket route done', { routeKey, connectionId, statusCode, durationMs: Date.now() - startedAt });
    flushMetrics();
    end();
    return answer;
  };
}

/** The message's JSON body read by `schema`; undefined when it is not JSON or not of that shape. */
export function parseWsMessage<T extends z.ZodType>(event: WsEvent, schema: T): z.infer<T> | undefined {
  try {
    const text = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
    return schema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}
