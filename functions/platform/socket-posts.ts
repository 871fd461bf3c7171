// Server calls to the WebSocket API: PostToConnection (post) and DeleteConnection (close) against the
// Management API (WS_MANAGEMENT_ENDPOINT; the local gateway serves /@connections).
import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { METRIC } from '#shared/metrics.ts';
import { config } from './config.ts';
import { count } from './metrics.ts';
import { withoutSdkLogger } from './sdk-logging.ts';

// Loaded on first use: many functions reach this module (a change that notifies, a logout that closes
// sockets) yet post nothing on most calls, and should not pay for this SDK client at cold start.
const sdk = () => import('@aws-sdk/client-apigatewaymanagementapi');
let client: ApiGatewayManagementApiClient | undefined;

type Outcome<Done extends string> = Done | 'gone' | 'off';

/**
 * Runs one Management API call: 'gone' when API Gateway no longer has the connection (410), 'off'
 * when no endpoint is configured (a process that only writes, like the command line). Other errors throw.
 */
async function manage<Done extends string>(done: Done, call: (api: Awaited<ReturnType<typeof sdk>>, client: ApiGatewayManagementApiClient) => Promise<unknown>): Promise<Outcome<Done>> {
  const endpoint = config().wsManagementEndpoint;
  if (!endpoint) return 'off';
  const api = await sdk();
  client ??= withoutSdkLogger(new api.ApiGatewayManagementApiClient({ endpoint }));
  try {
    await call(api, client);
    return done;
  } catch (error) {
    if (error instanceof api.GoneException) return 'gone';
    throw error;
  }
}

/** Posts `data` to one connection, counting the post as sent, gone or failed (functions/platform/metrics.ts). */
export async function postToConnection(connectionId: string, data: string): Promise<Outcome<'sent'>> {
  try {
    const outcome = await manage('sent', ({ PostToConnectionCommand }, c) =>
      c.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) })),
    );
    if (outcome !== 'off') count(outcome === 'sent' ? METRIC.socketPostsSent : METRIC.socketPostsGone);
    return outcome;
  } catch (error) {
    count(METRIC.socketPostsFailed);
    throw error;
  }
}

/** Closes one connection (its $disconnect follows). */
export const closeConnection = (connectionId: string) =>
  manage('closed', ({ DeleteConnectionCommand }, c) => c.send(new DeleteConnectionCommand({ ConnectionId: connectionId })));
