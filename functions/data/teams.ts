// Teams, with their trophy count (matches won) on the team leaderboard.
// Access patterns:
//   get a team; the teams of events  -> GetItem / BatchGet  pk=TEAM#<id>  sk=TEAM
//   a team with its event (new bet)  -> BatchGet with the EVENT item (teamRead)
//   team leaderboard                 -> Query gsi2 LEADERBOARD#TEAMS (leaderboard-index.ts)
//   create                           -> Put TEAM attribute_not_exists
//   edit                             -> Update TEAM attribute_exists
//   a tournament's roster, by name   -> Query gsi1  gsi1pk=TOURNAMENT#<tournamentId>#TEAMS  gsi1sk=<lower-case name>#<id>
//                                       (an operator's shared teams have no tournament and are in no roster)
//   used in a new event              -> Update TEAM ADD matchCount 1, if it exists and is of the event's
//                                       tournament, in the event's TransactWrite (ADD n for n new events at once)
//   out of an event (a match deleted -> Update TEAM ADD matchCount -1, only while above 0, in that change's TransactWrite
//   or given other teams)
//   remove                           -> Delete TEAM if no event uses it (matchCount 0 or absent)
//   a match won                      -> Update TEAM trophy (+ gsi2sk) if unchanged, with the event's once-flag
//   a corrected result               -> Update TEAM trophy -1 / +1 (+ gsi2sk) if unchanged, with the event's correction
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { LEADERBOARD_SIZE } from '#shared/constants.ts';
import { batchGetAll, db, isConditionFailed, type Item, type ItemRead, queryAll, recordOf, tableName, type TransactItem, updateExisting } from '#functions/platform/dynamodb.ts';
import { nameKey } from '#shared/names.ts';
import { nameBasedId } from '#functions/platform/ids.ts';
import { tournamentPk } from './keys.ts';
import { awardBoardTrophyItem, leaderboardKeys, queryLeaderboard } from './leaderboard-index.ts';

export interface TeamRecord {
  id: string;
  teamName: string;
  teamRank: number | null;
  members: { name: string }[];
  trophy: number;
  createdAt: string;
  /** The tournament it was made for, whose organisers may edit it; absent for an operator's shared team. */
  tournamentId?: string;
  /** Events made with it (teams made before the count have none: a removal checks their events too). */
  matchCount?: number;
  /**
   * Its place in the order the tournament's teams were entered (a paste's lines, best first), from 0: the
   * seeding an organiser means when they paste a list best first. Absent for teams entered before it.
   */
  entryOrder?: number;
}

const teamKey = (id: string) => ({ pk: `TEAM#${id}`, sk: 'TEAM' });
const rosterPartition = (tournamentId: string) => `${tournamentPk(tournamentId)}#TEAMS`;
const rosterSortKey = (teamName: string, id: string) => `${teamName.toLowerCase()}#${id}`;

const toRecord = (item: Item) => recordOf<TeamRecord>(item);

/**
 * The id a tournament's team entered in bulk gets: derived from the tournament and what its name looks
 * like (shared/names.ts nameKey), so two pastes of one list at once make each team once.
 */
export const tournamentTeamId = (tournamentId: string, teamName: string) => nameBasedId('team', tournamentId, nameKey(teamName));

export function newTeamItem(team: TeamRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...teamKey(team.id),
        entity: 'team',
        ...team,
        ...leaderboardKeys('TEAMS', team.trophy, team.id),
        ...(team.tournamentId && { gsi1pk: rosterPartition(team.tournamentId), gsi1sk: rosterSortKey(team.teamName, team.id) }),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Counts a new event of the team, if it exists and belongs to `tournamentId`, or (`orShared`) to no
 * tournament: an operator's shared team. A team's tournament never changes, so the check holds for as long
 * as the match does; the count keeps a team in a match from being removed (deleteUnusedTeam).
 */
export function useInEventItem(id: string, tournamentId: string, orShared: boolean, events = 1): TransactItem {
  const belongs = orShared ? '(tournamentId = :tournamentId OR attribute_not_exists(tournamentId))' : 'tournamentId = :tournamentId';
  return {
    Update: {
      TableName: tableName(),
      Key: teamKey(id),
      UpdateExpression: 'ADD matchCount :one',
      ConditionExpression: `attribute_exists(pk) AND ${belongs}`,
      ExpressionAttributeValues: { ':tournamentId': tournamentId, ':one': events },
    },
  };
}

/**
 * Counts one event fewer of the team: a match deleted, or the team taken out of it. Only for a team whose
 * count is above 0 (a team older than the count has none to lower: its removal checks its events).
 */
export function leaveEventItem(id: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: teamKey(id),
      UpdateExpression: 'ADD matchCount :minusOne',
      ConditionExpression: 'matchCount > :none',
      ExpressionAttributeValues: { ':minusOne': -1, ':none': 0 },
    },
  };
}

/** The tournament's teams, by name: its whole roster. */
export async function listTournamentTeams(tournamentId: string): Promise<TeamRecord[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :roster', ExpressionAttributeValues: { ':roster': rosterPartition(tournamentId) } });
  return items.map(toRecord);
}

/** Removes the team unless an event uses it; false when it is gone already or in a match. */
export async function deleteUnusedTeam(id: string): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: teamKey(id),
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(matchCount) OR matchCount = :none)',
        ExpressionAttributeValues: { ':none': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** The team's item for a batched read with another entity's (platform/dynamodb.ts readTogether). */
export const teamRead = (id: string): ItemRead<TeamRecord> => ({ key: teamKey(id), toRecord });

export async function getTeam(id: string, consistent = false): Promise<TeamRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: teamKey(id), ConsistentRead: consistent }));
  return Item && toRecord(Item);
}

/** One more trophy (a match won), only if the count is still `currentTrophy` (see leaderboard-index.ts). */
export const awardTrophyItem = (teamId: string, currentTrophy: number) => awardBoardTrophyItem('TEAMS', teamId, teamKey(teamId), currentTrophy);
/** One trophy fewer (a corrected result: the match was not won), only if the count is still `currentTrophy`. */
export const takeBackTrophyItem = (teamId: string, currentTrophy: number) => awardBoardTrophyItem('TEAMS', teamId, teamKey(teamId), currentTrophy, -1);

/** The teams that exist among these ids, by id. */
export async function getTeams(ids: string[], consistent = false): Promise<Map<string, TeamRecord>> {
  const items = await batchGetAll(ids.map(teamKey), consistent);
  return new Map(items.map((item) => [item.id as string, toRecord(item)]));
}

/** The edited team, or undefined when there is none. */
export async function updateTeam(id: string, fields: Partial<Pick<TeamRecord, 'teamName' | 'teamRank' | 'members'>>): Promise<TeamRecord | undefined> {
  // The roster's order follows a new name (a shared team's sort key alone puts it in no roster).
  const item = await updateExisting(teamKey(id), { ...fields, ...(fields.teamName !== undefined && { gsi1sk: rosterSortKey(fields.teamName, id) }) });
  return item && toRecord(item);
}

export async function listTeamsByTrophies(): Promise<TeamRecord[]> {
  return (await queryLeaderboard('TEAMS', LEADERBOARD_SIZE)).map(toRecord);
}
