// An event's crowd split: how many bettors backed each team, kept by the crowd stream worker
// (functions/worker/live-crowd.ts) from the bet inserts and refunds of each stream batch: one write
// per event per batch, never one per bet, so no item is written by every bet (the close protocol's
// rule). Each write names its batch (a digest of the stream records it counts) and is refused if that
// batch was counted already, so a batch the stream delivers again is not counted twice. It also holds
// when the split was last broadcast, so broadcasts are coalesced.
// Access patterns:
//   an event's split                  -> GetItem / BatchGet  pk=CROWD#<eventId>  sk=CROWD
//   add a batch's bettors, once       -> Update ADD bettors#<teamId> n, ADD batches <digest>
//                                        (condition: NOT contains(batches, digest))
//   claim the next broadcast          -> Update SET broadcastAt, condition: none yet or older than the window
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, isConditionFailed, type Item, tableName } from '#functions/platform/dynamodb.ts';

export interface CrowdRecord {
  eventId: string;
  /** Bettors per team id (a team nobody backed is absent). */
  bettors: Record<string, number>;
  /** Epoch ms of the last broadcast of the split. */
  broadcastAt?: number;
}

const crowdKey = (eventId: string) => ({ pk: `CROWD#${eventId}`, sk: 'CROWD' });
const TEAM_PREFIX = 'bettors#';

function toRecord(item: Item): CrowdRecord {
  const bettors = Object.fromEntries(
    Object.entries(item)
      .filter(([name]) => name.startsWith(TEAM_PREFIX))
      .map(([name, n]) => [name.slice(TEAM_PREFIX.length), Math.max(0, Number(n))]),
  );
  return {
    eventId: item.eventId as string,
    bettors,
    ...(typeof item.broadcastAt === 'number' && { broadcastAt: item.broadcastAt }),
  };
}

/** `SET`/`ADD` clauses over one attribute per team: the expression's names and values. */
function perTeam(counts: Record<string, number>) {
  const teams = Object.keys(counts);
  return {
    clauses: teams.map((_, i) => `#t${i} :n${i}`),
    names: Object.fromEntries(teams.map((team, i) => [`#t${i}`, `${TEAM_PREFIX}${team}`])),
    values: Object.fromEntries(teams.map((team, i) => [`:n${i}`, counts[team]])),
  };
}

/**
 * Adds a batch's bettors per team (negative for refunds) unless the batch `digest` names was counted
 * already; the split after it (or as it stands, for a batch counted before).
 */
export async function addBettors(eventId: string, counts: Record<string, number>, digest: string): Promise<CrowdRecord> {
  const { clauses, names, values } = perTeam(counts);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: crowdKey(eventId),
        UpdateExpression: `SET #entity = :entity, eventId = :eventId ADD ${[...clauses, 'batches :digests'].join(', ')}`,
        ConditionExpression: 'NOT contains(batches, :digest)',
        ExpressionAttributeNames: { ...names, '#entity': 'entity' },
        ExpressionAttributeValues: { ...values, ':entity': 'crowd', ':eventId': eventId, ':digest': digest, ':digests': new Set([digest]) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(Attributes!);
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await getCrowd(eventId))!;
  }
}

/**
 * Takes the event's next broadcast slot: the split when none was broadcast in the last
 * `windowMs`, so of concurrent workers exactly one broadcasts.
 */
export async function claimBroadcast(eventId: string, now: number, windowMs: number): Promise<CrowdRecord | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: crowdKey(eventId),
        UpdateExpression: 'SET broadcastAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(broadcastAt) OR broadcastAt <= :since)',
        ExpressionAttributeValues: { ':now': now, ':since': now - windowMs },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(Attributes!);
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

export async function getCrowd(eventId: string): Promise<CrowdRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: crowdKey(eventId) }));
  return Item && toRecord(Item);
}

/** The splits of these events, by event id (events nobody bet on have none). */
export async function getCrowds(eventIds: string[]): Promise<Map<string, CrowdRecord>> {
  const items = await batchGetAll(eventIds.map(crowdKey));
  return new Map(items.map((item) => [item.eventId as string, toRecord(item)]));
}
