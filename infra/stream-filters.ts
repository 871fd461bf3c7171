// A stream consumer's filters (shared/routes.ts) as Lambda event filter patterns, defined once: the stack
// gives them to the event source mapping (FilterCriteria), and the local poller (local/table-stream.ts)
// applies the same patterns to each record, so a consumer sees locally exactly the records Lambda would
// hand it.
import type { StreamFilter } from '../shared/routes.ts';

/** An event filter pattern: field -> list of accepted string values, or a nested pattern. */
export type FilterPattern = { [field: string]: readonly string[] | FilterPattern };

/** `{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['notification'] } } } }`; a REMOVE matches the old image. */
export function streamFilterPattern(filter: StreamFilter): FilterPattern {
  const image = filter.eventName === 'REMOVE' ? 'OldImage' : 'NewImage';
  return { eventName: [filter.eventName], dynamodb: { [image]: { entity: { S: [filter.entity] } } } };
}

/** Whether `record` (a DynamoDB stream record as Lambda receives it) matches the pattern: every field, one of its values. */
export function matchesPattern(record: unknown, pattern: FilterPattern): boolean {
  return Object.entries(pattern).every(([field, expected]) => {
    const value = record !== null && typeof record === 'object' ? (record as Record<string, unknown>)[field] : undefined;
    return Array.isArray(expected) ? typeof value === 'string' && expected.includes(value) : matchesPattern(value, expected as FilterPattern);
  });
}

/** A record passes a consumer when any one of its filters matches (Lambda ORs the filters of a mapping). */
export const passesFilters = (record: unknown, filters: readonly StreamFilter[]) => filters.some((f) => matchesPattern(record, streamFilterPattern(f)));
