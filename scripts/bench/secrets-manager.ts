// A local Secrets Manager endpoint for the cold-start bench: GetSecretValue over AWS JSON 1.1, enough for
// the functions' config.ts to fetch the signing secret at init as it does in the cloud (JWT_SECRET_ARN,
// AWS_ENDPOINT_URL_SECRETS_MANAGER), so that path's cost is measured. Anything else is answered 400.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSecretsManager {
  endpoint: string;
  /** GetSecretValue calls answered so far. */
  readonly calls: number;
  close(): Promise<void>;
}

export async function startSecretsManager(secrets: Record<string, string>): Promise<LocalSecretsManager> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const answer = (status: number, payload: object, type?: string) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...(type && { 'x-amzn-errortype': type }) });
        res.end(JSON.stringify(payload));
      };
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') return answer(400, { message: 'Only GetSecretValue here' }, 'InvalidRequestException');
      const { SecretId } = JSON.parse(body || '{}') as { SecretId?: string };
      const secret = SecretId ? secrets[SecretId] : undefined;
      if (secret === undefined) return answer(400, { message: `Secrets Manager can't find the specified secret.` }, 'ResourceNotFoundException');
      calls++;
      answer(200, { ARN: SecretId, Name: 'bench', SecretString: secret, VersionId: 'bench', VersionStages: ['AWSCURRENT'], CreatedDate: Date.now() / 1000 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get calls() {
      return calls;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
