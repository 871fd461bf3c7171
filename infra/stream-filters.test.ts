import { describe, expect, it } from 'vitest';
import { passesFilters, streamFilterPattern } from './stream-filters.ts';

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
});
