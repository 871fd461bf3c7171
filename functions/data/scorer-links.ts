// Scorer links: a referee's way to keep a match's score without an account. The link's secret is the
// key, hashed (the table's keys and indexes never hold the secret itself); its organisers may show the
// link again, so the item keeps the secret as an attribute they alone read.
// Access patterns:
//   a link by its secret (every request)  -> GetItem  pk=SCORER#<sha256(secret)>  sk=LINK
//   a tournament's links, newest first     -> Query gsi1  gsi1pk=TOURNAMENT#<id>#SCORERS  gsi1sk=<createdAt>#<id>
//   create                                 -> Put LINK attribute_not_exists
//   revoke                                 -> Update LINK SET revokedAt if not revoked
//   its bearer's budget of a minute        -> Update pk=SCORER#<hash> sk=RATE#<minute> ADD count if below the
//                                             budget (TTL attribute `ttl`: gone after the minute)
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScorerScope } from '#shared/api.ts';
import { db, isConditionFailed, type Item, queryAll, recordOf, tableName } from '#functions/platform/dynamodb.ts';

export interface ScorerLinkRecord {
  id: string;
  /** The secret the link carries (base64url, 256 bits). */
  token: string;
  tournamentId: string;
  name: string;
  scope: ScorerScope;
  createdAt: string;
  createdBy: string;
  expiresAt: string;
  revokedAt?: string;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
const linkKey = (token: string) => ({ pk: `SCORER#${tokenHash(token)}`, sk: 'LINK' });
const tournamentLinksPk = (tournamentId: string) => `TOURNAMENT#${tournamentId}#SCORERS`;

const toRecord = (item: Item) => recordOf<ScorerLinkRecord>(item);

export async function putScorerLink(link: ScorerLinkRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...linkKey(link.token), entity: 'scorer-link', ...link, gsi1pk: tournamentLinksPk(link.tournamentId), gsi1sk: `${link.createdAt}#${link.id}` },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The link its secret opens (consistent: a revocation counts at once). */
export async function getScorerLinkByToken(token: string): Promise<ScorerLinkRecord | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: linkKey(token), ConsistentRead: true }));
  return Item && toRecord(Item);
}

export async function listScorerLinks(tournamentId: string): Promise<ScorerLinkRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :links',
    ExpressionAttributeValues: { ':links': tournamentLinksPk(tournamentId) },
    ScanIndexForward: false,
  });
  return items.map(toRecord);
}

/** Revokes the link (once: false when it was revoked already). */
export async function revokeScorerLink(link: ScorerLinkRecord, at: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: linkKey(link.token),
        UpdateExpression: 'SET revokedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Counts one request of the link's bearer in this minute; false once `budget` are counted. */
export async function takeScorerRequest(token: string, budget: number, now = new Date()): Promise<boolean> {
  const minute = Math.floor(now.getTime() / 60_000);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: linkKey(token).pk, sk: `RATE#${minute}` },
        UpdateExpression: 'ADD #count :one SET #ttl = :ttl, entity = :entity',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :budget',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':budget': budget, ':ttl': (minute + 2) * 60, ':entity': 'scorer-rate' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
