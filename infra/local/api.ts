// The HTTP API at /api/v1: matches the route manifest and invokes the route's Lambda handler.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeKey, routePattern, type RouteDef } from '../../shared/routes.ts';
import { invoke, type HandlerLoader } from './handlers.ts';
import { toHttpEvent, toHttpResponse, type RouteMatch } from './http-event.ts';
import { BodyTooLargeError, readBody, safeDecode, sendError } from './http-util.ts';

/** API Gateway HTTP APIs refuse payloads over 10 MB. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  def: RouteDef;
  key: string;
  pattern: RegExp;
  paramNames: string[];
}

export function apiHandler(routes: readonly RouteDef[], loadHandler: HandlerLoader) {
  const compiled = routes.map(compileRoute);

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const found = matchRoute(compiled, req.method ?? 'GET', url.pathname);
    if (!found) return sendError(res, 404, 'Not found');

    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      return sendError(res, 413, error.message, { connection: 'close' });
    }

    const { route, match } = found;
    const requestId = randomUUID();
    try {
      const handler = await loadHandler(route.def.handler);
      const result = await invoke(handler, toHttpEvent(req, url, body, match, requestId), route.def.handler, route.def.memoryMb);
      const response = toHttpResponse(result);
      res.writeHead(response.statusCode, { ...response.headers, 'apigw-requestid': requestId });
      res.end(response.body);
    } catch (error) {
      console.error(`[gateway] functions/${route.def.handler} failed:`, error);
      sendError(res, 500, 'Internal Server Error', { 'apigw-requestid': requestId });
    }
  };
}

function compileRoute(def: RouteDef): CompiledRoute {
  return { def, key: routeKey(def), ...routePattern(def) };
}

function matchRoute(routes: CompiledRoute[], method: string, path: string): { route: CompiledRoute; match: RouteMatch } | undefined {
  for (const route of routes) {
    if (route.def.method !== method) continue;
    const values = route.pattern.exec(path);
    if (!values) continue;
    const pathParameters: Record<string, string> = {};
    route.paramNames.forEach((name, i) => (pathParameters[name] = safeDecode(values[i + 1])));
    return { route, match: { routeKey: route.key, pathParameters } };
  }
  return undefined;
}
