// The API Gateway Management API (`@connections`), so PostToConnection from
// @aws-sdk/client-apigatewaymanagementapi works unchanged against WS_MANAGEMENT_ENDPOINT.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readBody, safeDecode, sendJson } from './http-util.ts';
import type { WebSocketApi } from './websocket.ts';

export const CONNECTIONS_PREFIX = '/@connections/';
/** API Gateway's WebSocket message size limit. */
const MAX_MESSAGE_BYTES = 128 * 1024;

export function connectionsHandler(webSocketApi: WebSocketApi) {
  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const id = safeDecode(url.pathname.slice(CONNECTIONS_PREFIX.length));
    const connection = webSocketApi.get(id);
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
      req.resume();
      return awsError(res, 410, 'GoneException', `Connection ${id} is gone`);
    }
    switch (req.method) {
      case 'POST': {
        let data: Buffer;
        try {
          data = await readBody(req, MAX_MESSAGE_BYTES);
        } catch (error) {
          if (!(error instanceof BodyTooLargeError)) throw error;
          return awsError(res, 413, 'PayloadTooLargeException', 'Message too long');
        }
        connection.socket.send(data.toString('utf8'));
        res.writeHead(200).end();
        return;
      }
      case 'GET':
        return sendJson(res, 200, {
          connectedAt: new Date(connection.connectedAt).toISOString(),
          identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
          lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
        });
      case 'DELETE':
        connection.socket.close(1000);
        res.writeHead(204).end();
        return;
      default:
        req.resume();
        return awsError(res, 404, 'NotFoundException', 'Not found');
    }
  };
}

/** restJson1 errors: the SDK reads the error name from x-amzn-errortype. */
function awsError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': type });
}
