// Which DynamoDB requests a piece of our code sends, by command name (GetItem, BatchGetItem, …): a
// middleware on the functions' one client, recording only inside `recorded`.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as fixture from '../../scripts/bench/bettors.ts';
import { testCloudEnv, testJwtSecret } from './cloud-under-test.ts';
import { useTestEnv } from './test-env.ts';

export function dynamoDbRequests(db: DynamoDBDocumentClient) {
  let sent: string[] | undefined;
  db.middlewareStack.add(
    (next, { commandName }) =>
      (args) => {
        sent?.push(String(commandName).replace(/Command$/, ''));
        return next(args);
      },
    { step: 'initialize', name: 'recordRequests' },
  );
  /** Runs `work`; its answer and the requests sent while it ran. */
  return async function recorded<T>(work: () => Promise<T>): Promise<{ value: T; sent: string[] }> {
    sent = [];
    try {
      const value = await work();
      return { value, sent };
    } finally {
      sent = undefined;
    }
  };
}

/** The functions' modules in this process, on the run's cloud, with the requests they send recorded. */
export async function recordedDomain() {
  Object.assign(process.env, testCloudEnv(), { JWT_SECRET: testJwtSecret() });
  useTestEnv();
  const domain = await fixture.domainModules();
  return { domain, recorded: dynamoDbRequests(domain.dynamodb.db) };
}
