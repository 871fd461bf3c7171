import { describe, expect, it } from 'vitest';
import { streamConsumers, streamHandlers, type StreamFilter } from '../shared/routes.ts';
import { matchesPattern, passesFilters, streamFilterPattern, streamFilterPatterns } from './stream-filters.ts';

const record = (eventName: string, images: { NewImage?: object; OldImage?: object }) => ({ eventName, eventSource: 'aws:dynamodb', dynamodb: images });

describe('stream filters', () => {
  it('builds the Lambda filter pattern: new image for inserts and changes, old image for removals', () => {
    expect(streamFilterPattern({ eventName: 'INSERT', entity: 'notification' })).toEqual({ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['notification'] } } } });
    expect(streamFilterPattern({ eventName: 'REMOVE', entity: 'session' })).toEqual({ eventName: ['REMOVE'], dynamodb: { OldImage: { entity: { S: ['session'] } } } });
  });

  it('passes a record any filter matches, and no other', () => {
    const filters = [
      { eventName: 'INSERT', entity: 'notification' },
      { eventName: 'REMOVE', entity: 'session' },
    ] as const;
    expect(passesFilters(record('INSERT', { NewImage: { entity: { S: 'notification' } } }), filters)).toBe(true);
    expect(passesFilters(record('REMOVE', { OldImage: { entity: { S: 'session' } } }), filters)).toBe(true);
    expect(passesFilters(record('MODIFY', { NewImage: { entity: { S: 'notification' } } }), filters)).toBe(false);
    expect(passesFilters(record('INSERT', { NewImage: { entity: { S: 'bet' } } }), filters)).toBe(false);
    expect(passesFilters(record('REMOVE', { NewImage: { entity: { S: 'session' } } }), filters)).toBe(false);
    expect(passesFilters(record('INSERT', { NewImage: { entity: { N: '1' } } }), filters)).toBe(false);
  });

  it("merges the one consumer's filters into the fewest patterns, passing exactly the records the filters pass", () => {
    const [consumer] = streamConsumers;
    const patterns = streamFilterPatterns(consumer.filters);
    expect(patterns).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['event', 'bet', 'pool-stake'] } } } },
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['notification'] } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { entity: { S: ['event', 'session'] } } } },
    ]);
    // Every change any handler takes is in the consumer's filters.
    for (const filter of Object.values(streamHandlers).flat() as StreamFilter[]) expect(consumer.filters).toContainEqual(filter);
    // Exactly the same records, over every change of every entity named (and one named by none).
    for (const eventName of ['INSERT', 'MODIFY', 'REMOVE']) {
      for (const entity of ['event', 'bet', 'pool-stake', 'notification', 'session', 'wallet']) {
        for (const images of [{ NewImage: { entity: { S: entity } } }, { OldImage: { entity: { S: entity } } }, { NewImage: { entity: { S: entity } }, OldImage: { entity: { S: entity } } }]) {
          const r = record(eventName, images);
          expect(patterns.some((p) => matchesPattern(r, p)), `${eventName} ${entity} ${Object.keys(images).join(',')}`).toBe(passesFilters(r, consumer.filters));
        }
      }
    }
  });
});
