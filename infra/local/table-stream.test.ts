import { describe, expect, it } from 'vitest';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { withEmptyMapsTyped } from './table-stream.ts';

describe("the local stream's images", () => {
  it('give an empty map the type DynamoDB Local leaves out, at any depth, and leave the rest alone', () => {
    // What DynamoDB Local's GetRecords answers for { bracket: { key, sides: {} }, empty: {}, list: [{}] }.
    const local = { pk: { S: 'a' }, bracket: { M: { sides: {}, key: { S: 'R1-M1' } } }, empty: {}, list: { L: [{}, { S: 'x' }] }, none: { NULL: true } };
    const typed = withEmptyMapsTyped(local);
    expect(typed).toEqual({ pk: { S: 'a' }, bracket: { M: { sides: { M: {} }, key: { S: 'R1-M1' } } }, empty: { M: {} }, list: { L: [{ M: {} }, { S: 'x' }] }, none: { NULL: true } });
    expect(unmarshall(typed as Record<string, AttributeValue>)).toEqual({ pk: 'a', bracket: { sides: {}, key: 'R1-M1' }, empty: {}, list: [{}, 'x'], none: null });
  });
});
