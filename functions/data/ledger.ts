// Ledger entries: every balance change, written in the same TransactWrite as the wallet update.
// The entry id is deterministic (e.g. 'welcome', later 'bet#<betId>'), and the Put is conditional,
// so a retried or repeated change cannot apply twice.
// Access patterns:
//   record a balance change          -> Put      pk=USER#<id>  sk=LEDGER#<entryId>  attribute_not_exists
//   a user's ledger, oldest first    -> Query    pk=USER#<id>  sk begins_with LEDGER#
import { tableName, type TransactItem } from '#functions/lib/dynamodb.ts';
import { userPk } from './keys.ts';

export type LedgerKind = 'welcome';

export interface LedgerEntry {
  userId: string;
  entryId: string;
  kind: LedgerKind;
  coins: number;
  cashPaise: number;
  createdAt: string;
}

export const WELCOME_ENTRY_ID = 'welcome';

export function ledgerEntryItem(entry: LedgerEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { pk: userPk(entry.userId), sk: `LEDGER#${entry.entryId}`, entity: 'ledger', ...entry },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}
