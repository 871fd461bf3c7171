// The SDK's logger middleware builds a redacted copy of every request and answer (walking their schemas)
// to pass to a logger even when none is set: a profile of the hot-event benchmark showed it among the
// costliest work of a bet in our process, and of the local stream reader's GetRecords. We log requests
// ourselves (platform/logger.ts), never the SDK's.

interface SdkClient {
  middlewareStack: { remove(toRemove: string): boolean };
}

/** The client, without the SDK's logger middleware. */
export function withoutSdkLogger<Client extends SdkClient>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
