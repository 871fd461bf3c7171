// infra/needs.ts is the source of every function's grants; this holds it to the code: each handler's
// declared needs must equal what its bundle reaches, no more (least privilege) and no less (a deploy
// that fails with AccessDenied).
import { beforeAll, describe, expect, it } from 'vitest';
import { queues, routes, scheduleTargets, streamConsumers, wsRoutes } from '../../shared/routes.ts';
import { needs } from '../../infra/needs.ts';
import { codeNeeds, needsFromCode } from './code-needs.ts';

const handlers = [...new Set([...routes, ...wsRoutes, ...queues, ...streamConsumers, ...scheduleTargets].map((r) => r.handler))];

/** Order-free comparison: sorted lists, absent optional fields as absent. */
const normalise = (n: object) =>
  Object.fromEntries(Object.entries(n).map(([key, value]) => [key, Array.isArray(value) ? [...value].sort() : value]));

describe('infra/needs.ts', () => {
  let fromCode: Awaited<ReturnType<typeof codeNeeds>>;
  beforeAll(async () => {
    fromCode = await codeNeeds(handlers, queues);
  }, 60_000);

  it('has an entry for every handler of the manifest (HTTP, WebSocket, queue workers) and no other', () => {
    expect(handlers.filter((h) => !needs[h])).toEqual([]);
    expect(Object.keys(needs).filter((h) => !handlers.includes(h))).toEqual([]);
  });

  it.each(handlers)('%s: declared needs are exactly what its code reaches', (handler) => {
    const { unknown, ...reached } = fromCode.get(handler)!;
    expect(unknown, 'AWS SDK commands infra/needs.ts cannot express').toEqual([]);
    // `writes` (key families) is not in a bundle's text: tests/integration/least-privilege.test.ts holds it to the code.
    const { writes: _keyFamilies, checks: _checkedFamilies, ...declared } = needs[handler] ?? { table: [] };
    expect(normalise(declared)).toEqual(normalise(reached));
  });

  it('reads commands, transaction items and indexes from a bundle', () => {
    const code =
      'import{GetCommand as a,TransactWriteCommand as b,QueryCommand as q}from"@aws-sdk/lib-dynamodb";' +
      'import{SendEmailCommand as s}from"@aws-sdk/client-ses";' +
      'new a({});new b({TransactItems:[{Put:{}},{ConditionCheck:{}}]});new s({});';
    expect(needsFromCode(code, queues)).toEqual({ table: ['ConditionCheckItem', 'GetItem', 'PutItem'], mail: true, unknown: [] });
    // A queue is told apart by the URL variable its producer reads.
    const sender = 'import{SendMessageCommand as m}from"@aws-sdk/client-sqs";new m({QueueUrl:process.env.EXPORT_QUEUE_URL});';
    expect(needsFromCode(sender, queues).sends).toEqual(['export']);
    expect(needsFromCode('import{QueryCommand as q}from"@aws-sdk/lib-dynamodb";new q({IndexName:"gsi2"})', []).indexes).toEqual(['gsi2']);
    const lazy = 'let{ApiGatewayManagementApiClient:c,PostToConnectionCommand:p}=await import("@aws-sdk/client-apigatewaymanagementapi");';
    expect(needsFromCode(lazy, [])).toEqual({ table: [], push: true, unknown: [] });
  });
});
