// The conflict layer in front of a DynamoDB that gives up on its own lock, as DynamoDB Local does on a
// starved machine: the request is sent again instead of reaching the functions as a 500.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { startConflictLayer, type ConflictLayer } from './dynamodb-conflicts.ts';

const LOCK_TIMEOUT = JSON.stringify({
  __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
  message: 'This action timed out because it too long waiting for a lock. This request will succeed in actual DynamoDB API',
});
const ITEM = JSON.stringify({ Item: { pk: { S: 'a' }, sk: { S: 'b' } } });

let upstream: Server | undefined;
let layer: ConflictLayer | undefined;
afterEach(async () => {
  await layer?.stop();
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
});

/** An upstream that answers the first `failures` requests with DynamoDB Local's lock timeout, then the item. */
async function flakyUpstream(failures: number) {
  let requests = 0;
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      const { status, body } = requests <= failures ? { status: 500, body: LOCK_TIMEOUT } : { status: 200, body: ITEM };
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(body);
    });
  });
  await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const client = (url: string) => new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
  layer = await startConflictLayer(endpoint, client(endpoint));
  return { through: client(layer.endpoint), requests: () => requests };
}

const getItem = new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } });

describe('the conflict layer over DynamoDB Local', () => {
  it("sends a request again when DynamoDB Local timed out on its own lock, and answers DynamoDB's answer", async () => {
    const { through, requests } = await flakyUpstream(2);
    const answer = await through.send(getItem);
    expect(answer.Item).toEqual({ pk: { S: 'a' }, sk: { S: 'b' } });
    expect(requests()).toBe(3);
  });

  it('gives up after five lock timeouts, answering the last', async () => {
    const { through, requests } = await flakyUpstream(10);
    await expect(through.send(getItem)).rejects.toThrow(/waiting for a lock/);
    expect(requests()).toBe(5);
  });
});
