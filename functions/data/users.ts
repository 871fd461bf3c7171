// Users.
// Access patterns:
//   get a user by id                 -> GetItem  pk=USER#<id>        sk=PROFILE
//   find a user id by email          -> GetItem  pk=EMAIL#<email>    sk=EMAIL   (uniqueness item)
//   register (email stays unique)    -> TransactWrite: Put PROFILE + Put EMAIL, both attribute_not_exists
//   register again, still unverified -> TransactWrite: Update PROFILE (name, password, registrationId,
//                                       pendingInvite; condition verified = false) + Delete its codes (codes.ts)
//   the invite signed up from, taken -> Update PROFILE REMOVE pendingInvite (condition: still that code)
//   bettor leaderboard               -> Query gsi2 LEADERBOARD#BETTORS (leaderboard-index.ts): a user joins
//                                       the board when verified; the PROFILE's trophy is the one count
//   users by user-name prefix,       -> Query gsi1  gsi1pk=USERNAME#<first letter, lower case>
//   case-insensitive (operator)         gsi1sk begins_with <lower-case prefix>  (gsi1sk=<lower-case name>#<id>)
//   users by any part of the name or email (operator) -> the search index, user-search.ts: its items are
//                                       written in the transactions that set the name (register, rename)
//   several users by id              -> BatchGet PROFILE
//   allow or stop tournament creation -> Update PROFILE mayCreateTournaments, attribute_exists
//   count a tournament created       -> Update PROFILE tournamentsCreated + 1 if below the cap, in the
//                                       tournament's TransactWrite
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/api.ts';
import { LEADERBOARD_SIZE } from '#shared/constants.ts';
import { batchGetAll, conditionFailedAt, db, isConditionFailed, queryPage, recordOf, tableName, type TransactItem, transactWrite, updateExisting } from '#functions/platform/dynamodb.ts';
import { DomainError } from '#functions/platform/errors.ts';
import { emailPk, userPk } from './keys.ts';
import { renamedIndexItems, searchIndexItems } from './user-search.ts';
import { awardBoardTrophyItem, leaderboardKeys, queryLeaderboard } from './leaderboard-index.ts';

export interface UserRecord {
  id: string;
  userName: string;
  email: string;
  passwordHash: string;
  role: Role;
  verified: boolean;
  /** The latest registration of an unverified account: its registering browser holds a cookie naming it. */
  registrationId?: string;
  /** The group invite code the account registered from, until its first sign-in joins it (community/groups.ts). */
  pendingInvite?: string;
  avatarKey?: string;
  trophy: number;
  createdAt: string;
  /** An operator has allowed this user to create tournaments (functions/catalog/tournament-creators.ts). */
  mayCreateTournaments?: boolean;
  /** Tournaments this user has created, counted against TOURNAMENTS_PER_CREATOR. */
  tournamentsCreated?: number;
}

const PROFILE = 'PROFILE';
const EMAIL = 'EMAIL';

const userKey = (userId: string) => ({ pk: userPk(userId), sk: PROFILE });
const emailKey = (email: string) => ({ pk: emailPk(email), sk: EMAIL });

/** The name index's partition: one per first letter, so no single partition holds every user. */
const namePartition = (lowerName: string) => `USERNAME#${[...lowerName][0] ?? ''}`;
const nameIndexKeys = (userName: string, userId: string) => {
  const lower = userName.toLowerCase();
  return { gsi1pk: namePartition(lower), gsi1sk: `${lower}#${userId}` };
};

const toRecord = (item: Record<string, unknown>) => recordOf<UserRecord>(item);

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: userKey(userId), ConsistentRead: true }));
  return Item as UserRecord | undefined;
}

export async function getUserIdByEmail(email: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: emailKey(email), ConsistentRead: true }));
  return Item?.userId as string | undefined;
}

export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const userId = await getUserIdByEmail(email);
  return userId ? getUser(userId) : undefined;
}

/**
 * The user, its email-uniqueness item and then its search index items (user-search.ts); the transaction
 * fails on the EMAIL item if the email is taken.
 */
export function newUserItems(user: UserRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...userKey(user.id), entity: 'user', ...user, ...nameIndexKeys(user.userName, user.id) },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Put: { TableName: tableName(), Item: { ...emailKey(user.email), entity: 'email', email: user.email, userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...searchIndexItems(user),
  ];
}

/**
 * A new registration of an email whose account is still unverified takes the account over: new name,
 * password and registration (the earlier registering browser's cookie no longer matches). Fails if the
 * account was verified meanwhile.
 */
export function replaceRegistrationItem(user: Pick<UserRecord, 'id' | 'userName' | 'passwordHash' | 'registrationId' | 'pendingInvite' | 'createdAt'>): TransactItem {
  const { gsi1pk, gsi1sk } = nameIndexKeys(user.userName, user.id);
  // The new registration's invite replaces the earlier one's; without one, the earlier one goes.
  const invite = user.pendingInvite === undefined ? ' REMOVE pendingInvite' : ', pendingInvite = :invite';
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(user.id),
      UpdateExpression: `SET userName = :name, passwordHash = :hash, registrationId = :registration, createdAt = :createdAt, gsi1pk = :letter, gsi1sk = :sortName${invite}`,
      ConditionExpression: 'attribute_exists(pk) AND verified = :false',
      ExpressionAttributeValues: {
        ...(user.pendingInvite !== undefined && { ':invite': user.pendingInvite }),
        ':name': user.userName,
        ':hash': user.passwordHash,
        ':registration': user.registrationId,
        ':createdAt': user.createdAt,
        ':letter': gsi1pk,
        ':sortName': gsi1sk,
        ':false': false,
      },
    },
  };
}

/**
 * replaceRegistrationItem, then the search index's change from the earlier registration's name
 * (`previous`, as read) to the new one.
 */
export function replaceRegistrationItems(previous: Pick<UserRecord, 'userName' | 'email'>, user: Parameters<typeof replaceRegistrationItem>[0]): TransactItem[] {
  return [replaceRegistrationItem(user), ...renamedIndexItems({ id: user.id, userName: user.userName, email: previous.email }, previous.userName)];
}

/** Index of the EMAIL item inside newUserItems, for reading a cancelled transaction. */
export const NEW_USER_EMAIL_ITEM_INDEX = 1;

/** Marks the email verified and puts the user on the bettor board; fails if missing or already verified. */
export function markVerifiedItem(userId: string): TransactItem {
  const { gsi2pk, gsi2sk } = leaderboardKeys('BETTORS', 0, userId);
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET verified = :true, gsi2pk = :board, gsi2sk = :rank',
      ConditionExpression: 'attribute_exists(pk) AND verified = :false',
      ExpressionAttributeValues: { ':true': true, ':false': false, ':board': gsi2pk, ':rank': gsi2sk },
    },
  };
}

/** One more trophy (a bet won), only if the count is still `currentTrophy` (see leaderboard-index.ts). */
export const awardTrophyItem = (userId: string, currentTrophy: number) => awardBoardTrophyItem('BETTORS', userId, userKey(userId), currentTrophy);
/** One trophy fewer (a corrected result: the bet no longer won), only if the count is still `currentTrophy`. */
export const takeBackTrophyItem = (userId: string, currentTrophy: number) => awardBoardTrophyItem('BETTORS', userId, userKey(userId), currentTrophy, -1);

/** The top of the bettor board. */
export async function listUsersByTrophies(): Promise<UserRecord[]> {
  return (await queryLeaderboard('BETTORS', LEADERBOARD_SIZE)).map(toRecord);
}

/** Up to `limit` users whose name starts with `prefix`, ignoring case, in name order. */
export async function findUsersByNamePrefix(prefix: string, limit: number): Promise<UserRecord[]> {
  const lower = prefix.toLowerCase();
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :letter AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':letter': namePartition(lower), ':prefix': lower },
    Limit: limit,
  });
  return items.map(toRecord);
}

/** The users that exist among these ids, by id (consistent: as of now, e.g. a trophy count to guard). */
export async function getUsers(ids: string[], consistent = false): Promise<Map<string, UserRecord>> {
  const items = await batchGetAll(ids.map(userKey), consistent);
  return new Map(items.map((item) => [item.id as string, toRecord(item)]));
}

/**
 * Replaces the password hash, only if it is still `currentHash` (no lost update between two changes).
 * `dropPendingInvite`: a reset also drops the invite the registration chose (whoever reset may not be who registered).
 */
export function setPasswordItem(userId: string, currentHash: string, newHash: string, dropPendingInvite = false): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: `SET passwordHash = :new${dropPendingInvite ? ' REMOVE pendingInvite' : ''}`,
      ConditionExpression: 'passwordHash = :current',
      ExpressionAttributeValues: { ':new': newHash, ':current': currentHash },
    },
  };
}

/** Forgets the invite the account registered from, if it is still `inviteCode` (taken once: joined or found void). */
export async function clearPendingInvite(userId: string, inviteCode: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'REMOVE pendingInvite',
        ConditionExpression: 'pendingInvite = :code',
        ExpressionAttributeValues: { ':code': inviteCode },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Guards a new session: it is only created if the password it was checked against is still current. */
export function passwordUnchangedCheck(userId: string, passwordHash: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: userKey(userId),
      ConditionExpression: 'passwordHash = :hash',
      ExpressionAttributeValues: { ':hash': passwordHash },
    },
  };
}

/** Renames the user, and their search index with it, in one transaction: only from the name just read (else read again). */
export async function setUserName(userId: string, userName: string): Promise<void> {
  const { gsi1pk, gsi1sk } = nameIndexKeys(userName, userId);
  for (let attempt = 1; ; attempt++) {
    const user = await getUser(userId);
    if (!user) throw new DomainError('user-not-found');
    const rename: TransactItem = {
      Update: {
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET userName = :name, gsi1pk = :letter, gsi1sk = :sortName',
        ConditionExpression: 'userName = :previous',
        ExpressionAttributeValues: { ':name': userName, ':letter': gsi1pk, ':sortName': gsi1sk, ':previous': user.userName },
      },
    };
    try {
      await transactWrite([rename, ...renamedIndexItems({ ...user, userName }, user.userName)]);
      return;
    } catch (error) {
      // Renamed meanwhile (another tab): rename from that name instead.
      if (attempt < 3 && conditionFailedAt(error, 0)) continue;
      throw error;
    }
  }
}

/** Guards a backfill of the search index: the name it indexes is still the user's. */
export function nameUnchangedCheck(userId: string, userName: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: userKey(userId),
      ConditionExpression: 'userName = :name',
      ExpressionAttributeValues: { ':name': userName },
    },
  };
}

/** Stores the new avatar key and returns the previous one (so its object can be removed). */
export async function setAvatarKey(userId: string, avatarKey: string): Promise<string | undefined> {
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET avatarKey = :key',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':key': avatarKey },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return Attributes?.avatarKey as string | undefined;
}

/** Makes an existing account a verified operator (idempotent). */
export async function promoteToOperator(userId: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET #role = :operator, verified = :true',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':operator': 'operator', ':true': true },
    }),
  );
}

/** Allows or stops the user's creating tournaments; false when there is no such user. */
export async function setMayCreateTournaments(userId: string, allowed: boolean): Promise<boolean> {
  return (await updateExisting(userKey(userId), { mayCreateTournaments: allowed })) !== undefined;
}

/** Allows the user to create tournaments, only if they exist and were not allowed already (the notice that they may goes with it). */
export function allowTournamentCreationItem(userId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET mayCreateTournaments = :true',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(mayCreateTournaments) OR mayCreateTournaments = :false)',
      ExpressionAttributeValues: { ':true': true, ':false': false },
    },
  };
}

/** Counts one more tournament created by the user, only while fewer than `cap` are: in the tournament's transaction. */
export function countTournamentCreatedItem(userId: string, cap: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'ADD tournamentsCreated :one',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(tournamentsCreated) OR tournamentsCreated < :cap)',
      ExpressionAttributeValues: { ':one': 1, ':cap': cap },
    },
  };
}
