// The SES (v1) client. Endpoint from AWS_ENDPOINT_URL_SES (the local gateway captures mail).
import { SESClient } from '@aws-sdk/client-ses';

let client: SESClient | undefined;

export function ses(): SESClient {
  client ??= new SESClient({});
  return client;
}
