// Server pushes over the WebSocket API: PostToConnection against the Management API
// (WS_MANAGEMENT_ENDPOINT; the local gateway serves /@connections).
import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from './config.ts';

// Loaded on the first push: many functions import the notification module only to read or mark
// notifications, and should not pay for this SDK client at cold start.
const sdk = () => import('@aws-sdk/client-apigatewaymanagementapi');
let client: ApiGatewayManagementApiClient | undefined;

/**
 * Sends `data` to one connection: 'gone' when API Gateway no longer has it (410), 'off' when no
 * endpoint is configured (a process that only writes, like the command line). Other errors throw.
 */
export async function postToConnection(connectionId: string, data: string): Promise<'sent' | 'gone' | 'off'> {
  const endpoint = config().wsManagementEndpoint;
  if (!endpoint) return 'off';
  const { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } = await sdk();
  client ??= new ApiGatewayManagementApiClient({ endpoint });
  try {
    await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(data) }));
    return 'sent';
  } catch (error) {
    if (error instanceof GoneException) return 'gone';
    throw error;
  }
}
