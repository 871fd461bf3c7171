// Tournaments. Few and read by everyone, so they share one index partition for the home page.
// Access patterns:
//   get a tournament                 -> GetItem  pk=TOURNAMENT#<id>  sk=TOURNAMENT
//   all tournaments, oldest first    -> Query    gsi1  gsi1pk=TOURNAMENTS  gsi1sk=<createdAt>#<id>
//   create                           -> Put TOURNAMENT attribute_not_exists
//   edit                             -> Update TOURNAMENT attribute_exists
//   does it exist (new event)        -> ConditionCheck TOURNAMENT in the event's TransactWrite
//   publish a generated format once  -> Update TOURNAMENT SET formatPlan if attribute_not_exists(formatPlan)
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TournamentFormat } from '#shared/api.ts';
import type { FormatStructure } from '#shared/format-plan.ts';
import type { PointsRule, Sport } from '#shared/sports.ts';
import { db, type Item, isConditionFailed, queryAll, recordOf, tableName, type TransactItem, updateExisting } from '#functions/platform/dynamodb.ts';

/** How a tournament's fixtures were generated (catalog/engine/formats.ts): kept to draw its bracket and tables. */
export interface FormatPlan {
  format: TournamentFormat;
  /** Best first. */
  seededTeamIds: string[];
  openBetting: boolean;
  publishedAt: string;
  /** The knockout's bracket, byes included, and the groups' teams. */
  structure: FormatStructure;
}

export interface TournamentRecord {
  id: string;
  title: string;
  previewImg: string | null;
  createdAt: string;
  formatPlan?: FormatPlan;
  /** Names the score and says whether a match may be drawn (shared/sports.ts); absent: 'other'. */
  sport?: Sport;
  /** The table's points, when the organiser chose other than the sport's usual ones. */
  points?: PointsRule;
  /** Minutes a referee's result waits for a dispute before it stands (absent: CONFIRM_AFTER_MINUTES_DEFAULT). */
  confirmAfterMinutes?: number;
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

export async function getTournament(id: string, consistent = false): Promise<TournamentRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: tournamentKey(id), ConsistentRead: consistent }));
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
export async function updateTournament(id: string, fields: Partial<Pick<TournamentRecord, 'title' | 'previewImg' | 'sport' | 'points' | 'confirmAfterMinutes'>>): Promise<TournamentRecord | undefined> {
  const item = await updateExisting(tournamentKey(id), fields);
  return item && toRecord(item);
}

/** Records the tournament's generated format; false when it has one already (or does not exist). */
export async function claimFormat(id: string, plan: FormatPlan): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: tournamentKey(id),
        UpdateExpression: 'SET formatPlan = :plan',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(formatPlan)',
        ExpressionAttributeValues: { ':plan': plan },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
