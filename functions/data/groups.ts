// Groups (a hostel, a wing, a friends' league), their members and invite codes.
// Access patterns:
//   a group                          -> GetItem  pk=GROUP#<id>  sk=GROUP  (name, creatorId, inviteCode, memberCount)
//   a group's members                -> Query    pk=GROUP#<id>  sk begins_with MEMBER#  (consistent)
//   is the caller a member           -> GetItem  pk=GROUP#<id>  sk=MEMBER#<userId>  (consistent)
//   a user's groups                  -> Query    pk=USER#<id>   sk begins_with GROUP#  (consistent)
//   how many groups a user is in     -> GetItem  pk=USER#<id>   sk=GROUPS  (groupCount)
//   a group by its invite code       -> GetItem  pk=INVITE#<code>  sk=INVITE  (groupId)
//   create / join                    -> TransactWrite: Update GROUP (ADD memberCount 1, condition: the invite
//                                       code still current and memberCount < max) + Put MEMBER# + Put the
//                                       user's GROUP# + Update USER GROUPS (ADD groupCount 1, condition < max);
//                                       create Puts GROUP and INVITE instead of updating them
//   leave                            -> TransactWrite: Delete MEMBER# + Delete the user's GROUP# + Update GROUP
//                                       (ADD memberCount -1, creator passed on) + Update USER GROUPS (ADD -1);
//                                       the last member's leave deletes GROUP and INVITE instead
//   rotate the invite code           -> TransactWrite: Update GROUP inviteCode (condition: creator, old code)
//                                       + Delete old INVITE + Put new INVITE
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, type Item, queryAll, recordOf, tableName, type TransactItem } from '#functions/platform/dynamodb.ts';
import { cappedIncrement, decrement } from '#functions/platform/counters.ts';
import { userPk } from './keys.ts';

export interface GroupRecord {
  id: string;
  name: string;
  creatorId: string;
  inviteCode: string;
  memberCount: number;
  createdAt: string;
}

export interface MemberRecord {
  groupId: string;
  userId: string;
  joinedAt: string;
}

const groupPk = (groupId: string) => `GROUP#${groupId}`;
const groupKey = (groupId: string) => ({ pk: groupPk(groupId), sk: 'GROUP' });
const memberKey = (groupId: string, userId: string) => ({ pk: groupPk(groupId), sk: `MEMBER#${userId}` });
const membershipKey = (userId: string, groupId: string) => ({ pk: userPk(userId), sk: `GROUP#${groupId}` });
const groupCountKey = (userId: string) => ({ pk: userPk(userId), sk: 'GROUPS' });
const inviteKey = (code: string) => ({ pk: `INVITE#${code}`, sk: 'INVITE' });

const toGroup = (item: Item) => recordOf<GroupRecord>(item);

export async function getGroup(groupId: string): Promise<GroupRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: groupKey(groupId), ConsistentRead: true }));
  return Item && toGroup(Item);
}

/** The groups that exist among these ids, by id. */
export async function getGroups(ids: string[]): Promise<Map<string, GroupRecord>> {
  const items = await batchGetAll(ids.map(groupKey));
  return new Map(items.map((item) => [item.id as string, toGroup(item)]));
}

export async function groupIdByInvite(code: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: inviteKey(code), ConsistentRead: true }));
  return Item?.groupId as string | undefined;
}

export async function isMember(groupId: string, userId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: memberKey(groupId, userId), ConsistentRead: true }));
  return Item !== undefined;
}

export async function listMembers(groupId: string): Promise<MemberRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :group AND begins_with(sk, :members)',
    ConsistentRead: true,
    ExpressionAttributeValues: { ':group': groupPk(groupId), ':members': 'MEMBER#' },
  });
  return items.map((item) => recordOf<MemberRecord>(item));
}

/** The ids of the groups the user belongs to. */
export async function listUserGroupIds(userId: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :user AND begins_with(sk, :groups)',
    ConsistentRead: true,
    ExpressionAttributeValues: { ':user': userPk(userId), ':groups': 'GROUP#' },
  });
  return items.map((item) => item.groupId as string);
}

/** The member on both sides (the group's list, the user's list); fails if already a member. */
function membershipItems(groupId: string, userId: string, joinedAt: string): TransactItem[] {
  return [
    { Put: { TableName: tableName(), Item: { ...memberKey(groupId, userId), entity: 'group-member', groupId, userId, joinedAt }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: tableName(), Item: { ...membershipKey(userId, groupId), entity: 'group-membership', groupId, userId, joinedAt } } },
  ];
}

/** One group more for the user, only while fewer than `max`. */
const countUserGroupItem = (userId: string, max: number) => cappedIncrement(groupCountKey(userId), 'group-count', max, 'groupCount');

/** Where in createGroupItems / joinGroupItems the user's group count sits (its condition: too many groups). */
export const USER_COUNT_ITEM_INDEX = 3;
/** Where in joinGroupItems the group sits (its condition: code rotated, group gone or full) and the member item (already a member). */
export const JOIN_GROUP_ITEM_INDEX = 0;
export const JOIN_MEMBER_ITEM_INDEX = 1;

export function createGroupItems(group: GroupRecord, maxGroupsPerUser: number): TransactItem[] {
  return [
    { Put: { TableName: tableName(), Item: { ...groupKey(group.id), entity: 'group', ...group }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...membershipItems(group.id, group.creatorId, group.createdAt),
    countUserGroupItem(group.creatorId, maxGroupsPerUser),
    { Put: { TableName: tableName(), Item: { ...inviteKey(group.inviteCode), entity: 'invite', groupId: group.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

export function joinGroupItems(groupId: string, inviteCode: string, userId: string, joinedAt: string, limits: { maxMembers: number; maxGroupsPerUser: number }): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(groupId),
        UpdateExpression: 'ADD memberCount :one',
        ConditionExpression: 'attribute_exists(pk) AND inviteCode = :code AND memberCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':code': inviteCode, ':max': limits.maxMembers },
      },
    },
    ...membershipItems(groupId, userId, joinedAt),
    countUserGroupItem(userId, limits.maxGroupsPerUser),
  ];
}

/** The member off both sides and one group less for the user. */
function leaveItems(groupId: string, userId: string): TransactItem[] {
  return [
    { Delete: { TableName: tableName(), Key: memberKey(groupId, userId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: tableName(), Key: membershipKey(userId, groupId) } },
    decrement(groupCountKey(userId), 'groupCount'),
  ];
}

/**
 * A member leaves a group that keeps other members; a leaving creator hands the role to `successorId`,
 * who must still be a member. Fails if the count or the creator changed meanwhile.
 */
export function leaveGroupItems(group: Pick<GroupRecord, 'id' | 'creatorId' | 'memberCount'>, userId: string, successorId?: string): TransactItem[] {
  const handOver = successorId !== undefined;
  return [
    ...leaveItems(group.id, userId),
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(group.id),
        UpdateExpression: `ADD memberCount :minusOne${handOver ? ' SET creatorId = :successor' : ''}`,
        ConditionExpression: 'memberCount = :count AND creatorId = :creator',
        ExpressionAttributeValues: { ':minusOne': -1, ':count': group.memberCount, ':creator': group.creatorId, ...(handOver && { ':successor': successorId }) },
      },
    },
    ...(handOver ? [{ ConditionCheck: { TableName: tableName(), Key: memberKey(group.id, successorId), ConditionExpression: 'attribute_exists(pk)' } }] : []),
  ];
}

/** The last member leaves: the group and its invite code go with them (no one is left to own it). */
export function leaveLastItems(group: Pick<GroupRecord, 'id' | 'inviteCode'>, userId: string): TransactItem[] {
  return [
    ...leaveItems(group.id, userId),
    { Delete: { TableName: tableName(), Key: groupKey(group.id), ConditionExpression: 'memberCount = :one AND inviteCode = :code', ExpressionAttributeValues: { ':one': 1, ':code': group.inviteCode } } },
    { Delete: { TableName: tableName(), Key: inviteKey(group.inviteCode) } },
  ];
}

/** The creator replaces the invite code: the old one stops working in the same transaction. */
export function rotateInviteItems(groupId: string, creatorId: string, oldCode: string, newCode: string): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: groupKey(groupId),
        UpdateExpression: 'SET inviteCode = :new',
        ConditionExpression: 'creatorId = :creator AND inviteCode = :old',
        ExpressionAttributeValues: { ':new': newCode, ':old': oldCode, ':creator': creatorId },
      },
    },
    { Delete: { TableName: tableName(), Key: inviteKey(oldCode) } },
    { Put: { TableName: tableName(), Item: { ...inviteKey(newCode), entity: 'invite', groupId }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}
