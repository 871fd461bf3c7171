// A stream consumer's filters (shared/routes.ts) as Lambda event filter patterns, defined once: the stack
// gives them to the event source mapping (FilterCriteria), and the local poller (local/table-stream.ts)
// applies the same patterns to each record, so a consumer sees locally exactly the records Lambda would
// hand it. One consumer takes what all the stream handlers take, more filters than the 5 patterns Lambda
// allows a mapping by default; streamFilterPatterns merges them into as few patterns as express exactly
// the same records.
import type { StreamFilter } from '../shared/routes.ts';

/** An event filter pattern: field -> list of accepted string values, or a nested pattern. */
export type FilterPattern = { [field: string]: readonly string[] | FilterPattern };

/** `{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['notification'] } } } }`; a REMOVE matches the old image. */
export function streamFilterPattern(filter: StreamFilter): FilterPattern {
  const image = filter.eventName === 'REMOVE' ? 'OldImage' : 'NewImage';
  return { eventName: [filter.eventName], dynamodb: { [image]: { entity: { S: [filter.entity] } } } };
}

/**
 * The filters as the fewest patterns that pass exactly the same records: the entities taking the same
 * changes of the new image (INSERT, MODIFY) share one pattern, as do those taking REMOVE (old image).
 */
export function streamFilterPatterns(filters: readonly StreamFilter[]): FilterPattern[] {
  const patterns: FilterPattern[] = [];
  for (const image of ['NewImage', 'OldImage'] as const) {
    const onImage = filters.filter((f) => (f.eventName === 'REMOVE') === (image === 'OldImage'));
    // entity -> the changes it takes on this image; then entities grouped by the same set of changes.
    const changesOf = new Map<string, Set<string>>();
    for (const f of onImage) changesOf.set(f.entity, (changesOf.get(f.entity) ?? new Set()).add(f.eventName));
    const entitiesOf = new Map<string, string[]>();
    for (const [entity, changes] of changesOf) {
      const key = [...changes].sort().join(',');
      entitiesOf.set(key, [...(entitiesOf.get(key) ?? []), entity]);
    }
    for (const [changes, entities] of entitiesOf) patterns.push({ eventName: changes.split(','), dynamodb: { [image]: { entity: { S: entities } } } });
  }
  return patterns;
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
