// Events (matches) of a tournament: two teams, a start time, the operator's betting switch, a winner.
// Access patterns:
//   get an event; events of bets     -> GetItem / BatchGet  pk=EVENT#<id>  sk=EVENT
//   a tournament's events by time    -> Query gsi1  gsi1pk=TOURNAMENT#<tournamentId>#EVENTS  gsi1sk=<time>#<id>
//   create                           -> Put EVENT attribute_not_exists, with ConditionChecks that its
//                                       tournament and teams exist, in one TransactWrite
//   edit (switch, time)              -> Update EVENT attribute_exists (gsi1sk follows the time)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, type Item, queryAll, recordOf, tableName, type TransactItem, updateExisting } from '#functions/lib/dynamodb.ts';

export interface EventRecord {
  id: string;
  tournamentId: string;
  /** ISO 8601, UTC */
  time: string;
  teamIds: [string, string];
  isBetActive: boolean;
  winnerTeamId?: string;
  createdAt: string;
}

const eventKey = (id: string) => ({ pk: `EVENT#${id}`, sk: 'EVENT' });
const byTime = (time: string, id: string) => ({ gsi1sk: `${time}#${id}` });

const toRecord = (item: Item) => recordOf<EventRecord>(item);

export function newEventItem(event: EventRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...eventKey(event.id),
        entity: 'event',
        ...event,
        gsi1pk: `TOURNAMENT#${event.tournamentId}#EVENTS`,
        ...byTime(event.time, event.id),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getEvent(id: string): Promise<EventRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: eventKey(id) }));
  return Item && toRecord(Item);
}

/** The events that exist among these ids, by id. */
export async function getEvents(ids: string[]): Promise<Map<string, EventRecord>> {
  const items = await batchGetAll(ids.map(eventKey));
  return new Map(items.map((item) => [item.id as string, toRecord(item)]));
}

/** A tournament's events, soonest first. */
export async function listTournamentEvents(tournamentId: string): Promise<EventRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :events',
    ExpressionAttributeValues: { ':events': `TOURNAMENT#${tournamentId}#EVENTS` },
  });
  return items.map(toRecord);
}

/** The edited event, or undefined when there is none. */
export async function updateEvent(id: string, fields: Partial<Pick<EventRecord, 'isBetActive' | 'time'>>): Promise<EventRecord | undefined> {
  const item = await updateExisting(eventKey(id), { ...fields, ...(fields.time && byTime(fields.time, id)) });
  return item && toRecord(item);
}
