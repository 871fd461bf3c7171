// Tournaments. Few and read by everyone, so they share one index partition for the home page.
// Access patterns:
//   get a tournament                 -> GetItem  pk=TOURNAMENT#<id>  sk=TOURNAMENT
//   all tournaments, oldest first    -> Query    gsi1  gsi1pk=TOURNAMENTS  gsi1sk=<createdAt>#<id>
//   create                           -> Put TOURNAMENT attribute_not_exists
//   edit                             -> Update TOURNAMENT attribute_exists
//   does it exist (new event)        -> ConditionCheck TOURNAMENT in the event's TransactWrite
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, type Item, queryAll, recordOf, tableName, type TransactItem, updateExisting } from '#functions/platform/dynamodb.ts';

export interface TournamentRecord {
  id: string;
  title: string;
  previewImg: string | null;
  createdAt: string;
}

const tournamentKey = (id: string) => ({ pk: `TOURNAMENT#${id}`, sk: 'TOURNAMENT' });

const toRecord = (item: Item) => recordOf<TournamentRecord>(item);

export function newTournamentItem(tournament: TournamentRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...tournamentKey(tournament.id), entity: 'tournament', ...tournament, gsi1pk: 'TOURNAMENTS', gsi1sk: `${tournament.createdAt}#${tournament.id}` },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function tournamentExistsCheck(id: string): TransactItem {
  return { ConditionCheck: { TableName: tableName(), Key: tournamentKey(id), ConditionExpression: 'attribute_exists(pk)' } };
}

export async function getTournament(id: string): Promise<TournamentRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: tournamentKey(id) }));
  return Item && toRecord(Item);
}

export async function listTournaments(): Promise<TournamentRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :all',
    ExpressionAttributeValues: { ':all': 'TOURNAMENTS' },
  });
  return items.map(toRecord);
}

/** The edited tournament, or undefined when there is none. */
export async function updateTournament(id: string, fields: Partial<Pick<TournamentRecord, 'title' | 'previewImg'>>): Promise<TournamentRecord | undefined> {
  const item = await updateExisting(tournamentKey(id), fields);
  return item && toRecord(item);
}
