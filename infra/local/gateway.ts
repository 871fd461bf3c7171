// The local API Gateway, one origin: the HTTP API (/api/v1), the WebSocket API (/ws), the Management
// API (/@connections), avatars (/avatars, CloudFront's job in the cloud), the local-only mailbox, SES,
// SQS, scheduler and test push service (/_local), and the SPA for everything else.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteDef } from '../../shared/routes.ts';
import { DATA_CONTENT_SECURITY_POLICY, SPA_CONTENT_SECURITY_POLICY, securityHeaders } from '../security-headers.ts';
import { apiHandler } from './api.ts';
import { AVATARS_PREFIX, avatarsHandler } from './avatars.ts';
import { CONNECTIONS_PREFIX, connectionsHandler } from './connections-api.ts';
import type { HandlerLoader } from './handlers.ts';
import { isClientAbort, requestUrl, sendError } from './http-util.ts';
import type { Mailbox } from './mailbox.ts';
import { PUSH_SERVICE_PREFIX, SCHEDULER_PREFIX, SQS_PREFIX } from './env.ts';
import { PushService } from './push-service.ts';
import type { LocalQueues } from './queue.ts';
import type { LocalScheduler } from './scheduler.ts';
import type { Spa } from './spa.ts';
import { clockTime } from './terminal-log.ts';
import { WebSocketApi, type WsRouteDef } from './websocket.ts';

export interface GatewayOptions {
  routes: readonly RouteDef[];
  wsRoutes: readonly WsRouteDef[];
  loadHandler: HandlerLoader;
  mailbox: Mailbox;
  /** The queues' SQS endpoint and workers (none: no /_local/sqs). */
  queues?: LocalQueues;
  /** The local EventBridge Scheduler (none: no /_local/scheduler). */
  scheduler?: LocalScheduler;
  avatars: { s3Endpoint: string; bucket: string };
  /** Built once the HTTP server exists (Vite's HMR attaches to it). */
  spa: (server: Server) => Spa | Promise<Spa>;
  logRequests: boolean;
}

export interface Gateway {
  server: Server;
  /** Resolves with the port actually bound (pass 0 for any free port). */
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The headers CloudFront's response-headers policies add in the cloud (infra/constructs/site.ts). */
const withSecurityHeaders =
  (headers: Record<string, string>, route: Route): Route =>
  (req, res, url) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    return route(req, res, url);
  };
const DATA_HEADERS = securityHeaders(DATA_CONTENT_SECURITY_POLICY);

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const log = options.logRequests ? (line: string) => console.log(line) : () => {};
  const server = createServer();
  // SDK clients in the functions (queues, the WebSocket management API) reuse idle sockets with no time
  // limit; closing one as a request goes out resets it (ECONNRESET): idle sockets stay open.
  server.keepAliveTimeout = 0;
  const webSocketApi = new WebSocketApi(options.wsRoutes, options.loadHandler, log);
  const spa = await options.spa(server);
  const spaRoute = withSecurityHeaders(securityHeaders(SPA_CONTENT_SECURITY_POLICY), (req, res, url) => spa.handle(req, res, url));
  const prefixed: [string, Route][] = [
    ['/api/', withSecurityHeaders(DATA_HEADERS, apiHandler(options.routes, options.loadHandler))],
    [AVATARS_PREFIX, withSecurityHeaders(DATA_HEADERS, avatarsHandler(options.avatars.s3Endpoint, options.avatars.bucket))],
    ['/_local/', (req, res, url) => options.mailbox.handle(req, res, url)],
    [CONNECTIONS_PREFIX, connectionsHandler(webSocketApi)],
  ];
  const { queues } = options;
  if (queues) prefixed.unshift([SQS_PREFIX, (req, res) => queues.handle(req, res)]); // before '/_local/'
  const { scheduler } = options;
  if (scheduler) prefixed.unshift([SCHEDULER_PREFIX, (req, res, url) => scheduler.handle(req, res, url)]);
  const pushService = new PushService();
  prefixed.unshift([PUSH_SERVICE_PREFIX, (req, res, url) => pushService.handle(req, res, url)]);

  server.on('request', (req, res) => void serve(req, res));
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const url = requestUrl(req);
    const route = prefixed.find(([prefix]) => url.pathname.startsWith(prefix))?.[1];
    // A request a function answered (it carries the API's request id) has the function's own log line.
    const answeredByFunction = () => res.hasHeader('apigw-requestid');
    if (route) res.once('finish', () => answeredByFunction() || log(`${clockTime()} ${req.method} ${url.pathname} ${res.statusCode} ${Math.round(performance.now() - started)}ms`));
    try {
      await (route ?? spaRoute)(req, res, url);
    } catch (error) {
      if (isClientAbort(req, error)) return console.info(`[gateway] ${req.method} ${url.pathname}: the client closed the connection before the request ended`);
      console.error(`[gateway] ${req.method} ${url.pathname} failed:`, error);
      if (!res.headersSent) sendError(res, 500, 'Internal Server Error');
      else res.destroy();
    }
  }

  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if (spa.ownsUpgrade(req)) return;
    if (requestUrl(req).pathname !== '/ws') return void socket.destroy();
    webSocketApi.handleUpgrade(req, socket, head).catch((error: unknown) => {
      console.error('[gateway] WebSocket upgrade failed:', error);
      socket.destroy();
    });
  });

  return {
    server,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    async close() {
      options.scheduler?.close();
      await options.queues?.close();
      await webSocketApi.closeAll();
      await spa.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
