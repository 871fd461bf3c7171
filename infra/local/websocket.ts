// The WebSocket API at /ws: $connect decides whether the upgrade is accepted, messages are routed by
// their JSON `action` (API Gateway's `$request.body.action`), and $disconnect follows every close.
import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { invoke, type HandlerLoader } from './handlers.ts';
import { apiGatewayTime, clientIp, domainOf, requestHeaders } from './http-event.ts';
import { requestUrl } from './http-util.ts';

export interface WsRouteDef {
  routeKey: string;
  handler: string;
}

export interface ConnectionInfo {
  id: string;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  domainName: string;
}

export interface Connection extends ConnectionInfo {
  socket: WebSocket;
}

/** API Gateway WebSocket APIs take messages of at most 128 KB. */
const WS_MAX_PAYLOAD_BYTES = 128 * 1024;

type EventType = 'CONNECT' | 'MESSAGE' | 'DISCONNECT';

interface RouteResult {
  status: number;
  body?: string;
}

export class WebSocketApi {
  private readonly connections = new Map<string, Connection>();
  // API Gateway's message payload limit: anything bigger closes the connection with 1009 (message too big).
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD_BYTES });
  private readonly disconnecting = new Set<Promise<RouteResult>>();

  constructor(
    private readonly routes: readonly WsRouteDef[],
    private readonly loadHandler: HandlerLoader,
    private readonly log: (line: string) => void,
  ) {}

  get(connectionId: string): Connection | undefined {
    return this.connections.get(connectionId);
  }

  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const now = Date.now();
    const info: ConnectionInfo = {
      id: randomBytes(11).toString('base64'), // the shape of API Gateway's ids, e.g. "L0SM9cOFvHcCIhw="
      connectedAt: now,
      lastActiveAt: now,
      sourceIp: clientIp(req),
      userAgent: req.headers['user-agent'] ?? '',
      domainName: domainOf(req),
    };
    const headers = requestHeaders(req);
    const query = Object.fromEntries(requestUrl(req).searchParams);
    const { status } = await this.invokeRoute('$connect', info, 'CONNECT', {
      headers,
      ...(Object.keys(query).length > 0 && { queryStringParameters: query }),
    });
    if (socket.destroyed) return;
    if (status < 200 || status > 299) {
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    this.server.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { ...info, socket: ws };
      this.connections.set(connection.id, connection);
      ws.on('message', (data) => {
        connection.lastActiveAt = Date.now();
        // binaryType is ws's default, 'nodebuffer': a message arrives as one Buffer, never ArrayBuffer or Buffer[].
        void this.receive(connection, (data as Buffer).toString());
      });
      // ws has already closed the socket with the error's code (1009 for a message over the limit): the
      // client's doing, not a failure. Unheard, the 'error' event would bring the whole gateway down.
      ws.on('error', (error) => console.info(`[gateway] WebSocket ${connection.id} closed: ${error.message}`));
      ws.on('close', (code, reason) => {
        this.connections.delete(connection.id);
        const disconnect = this.invokeRoute('$disconnect', connection, 'DISCONNECT', {
          headers,
          disconnectStatusCode: code,
          disconnectReason: reason.toString(),
        });
        this.disconnecting.add(disconnect);
        void disconnect.finally(() => this.disconnecting.delete(disconnect));
      });
    });
  }

  /** Closes every socket and waits for their $disconnect handlers (before the database goes away). */
  async closeAll(): Promise<void> {
    const closed = [...this.connections.values()].map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close(1001, 'Going away');
          setTimeout(() => socket.terminate(), 1_000).unref(); // a client that never answers the close
        }),
    );
    await Promise.all(closed);
    await Promise.allSettled(this.disconnecting);
  }

  private async receive(connection: Connection, body: string): Promise<void> {
    const action = actionOf(body);
    const routeKey = action && !action.startsWith('$') && this.findRoute(action) ? action : '$default';
    if (!this.findRoute(routeKey)) return;
    const reply = await this.invokeRoute(routeKey, connection, 'MESSAGE', { body, isBase64Encoded: false });
    if (reply.body !== undefined && connection.socket.readyState === connection.socket.OPEN) connection.socket.send(reply.body);
  }

  /** A missing route accepts silently, as API Gateway does for $connect and $disconnect. */
  private async invokeRoute(routeKey: string, connection: ConnectionInfo, eventType: EventType, extra: object): Promise<RouteResult> {
    const route = this.findRoute(routeKey);
    if (!route) return { status: 200 };
    const started = performance.now();
    const requestId = randomUUID();
    let result: RouteResult;
    try {
      const handler = await this.loadHandler(route.handler);
      const event = { ...extra, requestContext: requestContext(routeKey, eventType, connection, requestId) };
      const answer = await invoke(handler, event, route.handler);
      const { statusCode = 200, body } = typeof answer === 'object' && answer !== null ? (answer as { statusCode?: number; body?: unknown }) : {};
      result = { status: statusCode, ...(typeof body === 'string' && { body }) };
    } catch (error) {
      console.error(`[gateway] functions/${route.handler} failed:`, error);
      // What API Gateway sends a client whose message's integration failed.
      result = { status: 500, body: JSON.stringify({ message: 'Internal server error', connectionId: connection.id, requestId }) };
    }
    this.log(`WS ${routeKey} ${connection.id} ${result.status} ${Math.round(performance.now() - started)}ms`);
    return result;
  }

  private findRoute(routeKey: string): WsRouteDef | undefined {
    return this.routes.find((r) => r.routeKey === routeKey);
  }
}

function actionOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const action = typeof parsed === 'object' && parsed !== null ? (parsed as { action?: unknown }).action : undefined;
    return typeof action === 'string' ? action : undefined;
  } catch {
    return undefined;
  }
}

function requestContext(routeKey: string, eventType: EventType, connection: ConnectionInfo, requestId: string) {
  const now = new Date();
  return {
    routeKey,
    eventType,
    ...(eventType === 'MESSAGE' && { messageId: randomBytes(12).toString('base64') }),
    extendedRequestId: requestId,
    requestTime: apiGatewayTime(now),
    messageDirection: 'IN',
    stage: 'local',
    connectedAt: connection.connectedAt,
    requestTimeEpoch: now.getTime(),
    identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    requestId,
    domainName: connection.domainName,
    connectionId: connection.id,
    apiId: 'local',
  };
}
