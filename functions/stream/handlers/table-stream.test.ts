// The table stream's dispatcher: each handler gets the records its filters take, in order; a handler
// that fails holds up, but never loses, the others' records; what is delivered again after a failure is
// done again only by the handlers that did not complete it.
import { randomUUID } from 'node:crypto';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { StreamFilter } from '#shared/routes.ts';
import { dispatcher, takes, type RoutedHandler } from './table-stream.ts';

let sequence = 0;
const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', entity: string): DynamoDBRecord => {
  const image = { entity: { S: entity } };
  return {
    eventID: randomUUID(),
    eventName,
    dynamodb: { SequenceNumber: String(++sequence).padStart(21, '0'), ...(eventName === 'REMOVE' ? { OldImage: image } : { NewImage: image, ...(eventName === 'MODIFY' && { OldImage: image }) }) },
  };
};

/** A handler that records what it was given and fails on the records `fails` picks (throws if `throws`). */
function recording(name: string, filters: StreamFilter[], fails: (r: DynamoDBRecord) => boolean = () => false, throws = false) {
  const seen: DynamoDBRecord[][] = [];
  const handler: RoutedHandler = {
    name,
    filters,
    handle: (records) => {
      seen.push(records);
      return throws ? Promise.reject(new Error(`${name} is down`)) : Promise.resolve(records.filter(fails));
    },
  };
  return { handler, seen };
}

describe('the table stream dispatcher', () => {
  it('hands each handler the records its filters take, in stream order (a removal by its old image)', async () => {
    const events = recording('events', [
      { eventName: 'INSERT', entity: 'event' },
      { eventName: 'MODIFY', entity: 'event' },
    ]);
    const sessions = recording('sessions', [{ eventName: 'REMOVE', entity: 'session' }]);
    const batch = [record('INSERT', 'event'), record('INSERT', 'bet'), record('REMOVE', 'session'), record('MODIFY', 'event'), record('INSERT', 'session'), record('REMOVE', 'event')];
    expect(await dispatcher([events.handler, sessions.handler])(batch)).toEqual([]);
    expect(events.seen).toEqual([[batch[0], batch[3]]]);
    expect(sessions.seen).toEqual([[batch[2]]]);
    expect(takes([{ eventName: 'REMOVE', entity: 'session' }], batch[4])).toBe(false);
  });

  it("reports the records a handler failed on, after every handler ran on all of its own; delivered again, each record is done again only where it was not", async () => {
    const bets = [record('INSERT', 'bet'), record('INSERT', 'bet'), record('INSERT', 'bet')];
    const notices = [record('INSERT', 'notification'), record('INSERT', 'notification')];
    const batch = [bets[0], notices[0], bets[1], notices[1], bets[2]];
    let crowdDown = true;
    const crowd = recording('crowd', [{ eventName: 'INSERT', entity: 'bet' }], (r) => crowdDown && r === bets[1]);
    const bettors = recording('bettors', [{ eventName: 'INSERT', entity: 'bet' }]);
    const push = recording('push', [{ eventName: 'INSERT', entity: 'notification' }], () => false, true);
    const dispatch = dispatcher([crowd.handler, bettors.handler, push.handler]);

    // The crowd fails on one bet and the push handler throws: every record of theirs is reported, and the
    // bettors' handler still did every bet, the records after the failures included.
    expect(await dispatch(batch)).toEqual([notices[0], bets[1], notices[1]]);
    expect(crowd.seen).toEqual([bets]);
    expect(bettors.seen).toEqual([bets]);
    expect(push.seen).toEqual([notices]);

    // The stream delivers the batch again from the first failure: the crowd gets only the bet it failed
    // on, the bettors' handler nothing, the push handler its notices again.
    crowdDown = false;
    push.handler.handle = (records) => (push.seen.push(records), Promise.resolve([]));
    expect(await dispatch(batch.slice(1))).toEqual([]);
    expect(crowd.seen.slice(1)).toEqual([[bets[1]]]);
    expect(bettors.seen).toHaveLength(1);
    expect(push.seen.slice(1)).toEqual([notices]);

    // Everything done: the same records again reach no handler.
    expect(await dispatch(batch)).toEqual([]);
    expect([crowd.seen.length, bettors.seen.length, push.seen.length]).toEqual([2, 1, 2]);
  });

  it('remembers a bounded number of done records, and never a record without the stream id', async () => {
    const bets = recording('bets', [{ eventName: 'INSERT', entity: 'bet' }]);
    const dispatch = dispatcher([bets.handler], 2);
    const [a, b, c] = [record('INSERT', 'bet'), record('INSERT', 'bet'), record('INSERT', 'bet')];
    const madeUp = { ...record('INSERT', 'bet'), eventID: undefined };
    await dispatch([a, b, c, madeUp]);
    await dispatch([a, b, c, madeUp]); // a was forgotten (only the last two kept); the made-up one is never taken for done
    expect(bets.seen[1]).toEqual([a, madeUp]);
  });
});
