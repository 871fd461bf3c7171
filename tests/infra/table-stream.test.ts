// The table stream's readers in the synthesized stack: AWS advises at most two per shard of a
// single-Region table's stream, and every event source mapping polls every shard whatever its filter, so
// the stack reads it with one consumer that dispatches to every handler (functions/stream/handlers/table-stream.ts),
// its filter the union of theirs, in patterns Lambda accepts.
import { beforeAll, describe, expect, it } from 'vitest';
import { streamConsumers, streamHandlers, type StreamFilter } from '../../shared/routes.ts';
import { matchesPattern, passesFilters, type FilterPattern } from '../../infra/stream-filters.ts';
import { parentStackResources, type Resource } from './test-stack.ts';

/** AWS's advice for a single-Region table's stream (Global Tables' replication would be a reader too). */
const MAX_STREAM_READERS = 2;

let resources: Record<string, Resource>;
let streamMappings: Resource[];

beforeAll(() => {
  // The stream consumer lives in the parent stack (the route stacks hold the HTTP functions only).
  resources = parentStackResources();
  const tables = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::DynamoDB::Table').map(([id]) => id);
  expect(tables).toHaveLength(1);
  streamMappings = Object.values(resources).filter(
    (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r.Properties.EventSourceArn) === JSON.stringify({ 'Fn::GetAtt': [tables[0], 'StreamArn'] }),
  );
});

describe('the table stream', () => {
  it(`has at most ${MAX_STREAM_READERS} readers: one event source mapping, the dispatcher's`, () => {
    expect(streamMappings.length).toBeLessThanOrEqual(MAX_STREAM_READERS);
    expect(streamMappings).toHaveLength(streamConsumers.length);
    expect(streamConsumers.map((c) => c.handler)).toEqual(['stream/handlers/table-stream']);
    const [mapping] = streamMappings;
    const fn = resources[mapping.Properties.FunctionName.Ref];
    expect(fn.Properties.Description).toBe('functions/stream/handlers/table-stream.ts');
    // Every mapping of the stack is the stream's or a queue's (no other stream source).
    const all = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
    expect(all.filter((r) => r.Properties.StartingPosition)).toEqual(streamMappings);
  });

  it("filters the union of every handler's changes, in at most 5 patterns, reporting item failures", () => {
    const [mapping] = streamMappings;
    expect(mapping.Properties).toMatchObject({ FunctionResponseTypes: ['ReportBatchItemFailures'], BisectBatchOnFunctionError: true, StartingPosition: 'LATEST' });
    const patterns: FilterPattern[] = mapping.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
    expect(patterns.length).toBeLessThanOrEqual(5);
    const record = (eventName: string, entity: string) => ({ eventName, dynamodb: { [eventName === 'REMOVE' ? 'OldImage' : 'NewImage']: { entity: { S: entity } } } });
    const every = Object.values(streamHandlers).flat() as StreamFilter[];
    for (const eventName of ['INSERT', 'MODIFY', 'REMOVE']) {
      for (const entity of ['event', 'bet', 'notification', 'session', 'wallet', 'crowd', 'crowd-counted']) {
        const r = record(eventName, entity);
        expect(patterns.some((p) => matchesPattern(r, p)), `${eventName} ${entity}`).toBe(passesFilters(r, every));
      }
    }
  });
});
