// The operators' roster: one small item per operator under one partition, so a change that concerns
// every operator (a new withdrawal request: functions/wallet/withdrawals.ts) finds them with one Query.
// Written by identity's ensureOperator (the local seed, `npm run ops -- create-operator`), which an
// existing operator's account may run again to join the roster.
// Access patterns:
//   add an operator (idempotent)     -> Put      pk=OPERATORS  sk=USER#<id>
//   the operators                    -> Query    pk=OPERATORS  (Limit: a transaction holds their notices)
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPage, tableName } from '#functions/platform/dynamodb.ts';
import { userPk } from './keys.ts';

const ROSTER_PK = 'OPERATORS';

export async function addOperator(userId: string): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName(), Item: { pk: ROSTER_PK, sk: userPk(userId), entity: 'operator', userId } }));
}

/** Up to `limit` operators' user ids. */
export async function listOperatorIds(limit: number): Promise<string[]> {
  const { items } = await queryPage({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': ROSTER_PK }, Limit: limit });
  return items.map((item) => item.userId as string);
}
