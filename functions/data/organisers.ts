// Organisers of a tournament: the users who run its teams, events and results (its creator, and those an
// operator or another of its organisers added).
// Access patterns:
//   is this user an organiser of it? -> consistent GetItem  pk=TOURNAMENT#<tournamentId>  sk=ORGANISER#<userId>
//                                       (read on every organiser request, so a removal applies at once)
//   organisers of a tournament       -> Query pk=TOURNAMENT#<tournamentId>, begins_with(sk, 'ORGANISER#')
//   tournaments a user organises     -> Query gsi1  gsi1pk=USER#<userId>#ORGANISES  (gsi1sk=<tournamentId>)
//   add                              -> TransactWrite: ConditionCheck TOURNAMENT exists + Put ORGANISER
//   its creator                      -> Put ORGANISER in the TransactWrite that creates the TOURNAMENT
//   remove                           -> Delete ORGANISER
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { conditionFailedAt, db, queryAll, recordOf, tableName, type TransactItem, transactWrite } from '#functions/platform/dynamodb.ts';
import { tournamentPk, userPk } from './keys.ts';
import { tournamentExistsCheck } from './tournaments.ts';

export interface OrganiserRecord {
  tournamentId: string;
  userId: string;
  /** Copied for the console's list; the profile stays the source. */
  userName: string;
  email: string;
  addedAt: string;
}

const ORGANISER = 'ORGANISER#';
const organiserKey = (tournamentId: string, userId: string) => ({ pk: tournamentPk(tournamentId), sk: `${ORGANISER}${userId}` });
const organisesPartition = (userId: string) => `${userPk(userId)}#ORGANISES`;

/** The organiser's item, to put (or refresh); in the transaction that creates its tournament, the creator's. */
export function newOrganiserItem(organiser: OrganiserRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...organiserKey(organiser.tournamentId, organiser.userId),
        entity: 'organiser',
        ...organiser,
        gsi1pk: organisesPartition(organiser.userId),
        gsi1sk: organiser.tournamentId,
      },
    },
  };
}

/** Adds (or refreshes) an organiser; false when the tournament does not exist. */
export async function putOrganiser(organiser: OrganiserRecord): Promise<boolean> {
  try {
    await transactWrite([tournamentExistsCheck(organiser.tournamentId), newOrganiserItem(organiser)]);
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 0)) return false;
    throw error;
  }
}

export async function deleteOrganiser(tournamentId: string, userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: organiserKey(tournamentId, userId) }));
}

export async function isOrganiser(tournamentId: string, userId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: organiserKey(tournamentId, userId), ConsistentRead: true }));
  return Item !== undefined;
}

export async function listOrganisers(tournamentId: string): Promise<OrganiserRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :tournament AND begins_with(sk, :organiser)',
    ExpressionAttributeValues: { ':tournament': tournamentPk(tournamentId), ':organiser': ORGANISER },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<OrganiserRecord>(item));
}

/** The ids of the tournaments a user organises (the index is eventually consistent: for listing only). */
export async function listOrganisedTournamentIds(userId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :organises',
    ExpressionAttributeValues: { ':organises': organisesPartition(userId) },
  });
  return items.map((item) => item.tournamentId as string);
}
