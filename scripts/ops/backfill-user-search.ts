// ops backfill-user-search: gives the users registered before the user search index (functions/data/
// user-search.ts) their index items, so the operator finds them by any part of their name or email.
// Safe to run again, or beside registrations and renames: a user's items are put (the same items again
// change nothing) in one transaction with a check that the name indexed is still theirs; a user renamed
// meanwhile was indexed by the rename itself and is skipped.
import { forEachLimit } from '../../functions/platform/concurrency.ts';
import { cancellationCodes, scanTable, transactWrite } from '../../functions/platform/dynamodb.ts';
import { searchIndexItems } from '../../functions/data/user-search.ts';
import { nameUnchangedCheck } from '../../functions/data/users.ts';

/** Transactions in flight at once: a gentle load on a live table. */
const CONCURRENCY = 4;

export async function backfillUserSearch(): Promise<number> {
  let indexed = 0;
  let renamed = 0;
  for await (const page of scanTable()) {
    const profiles = page.filter((item) => item.entity === 'user' && item.sk === 'PROFILE');
    await forEachLimit(profiles, CONCURRENCY, async (item) => {
      const user = { id: item.id as string, userName: item.userName as string, email: item.email as string };
      try {
        await transactWrite([nameUnchangedCheck(user.id, user.userName), ...searchIndexItems(user)]);
        indexed++;
      } catch (error) {
        if (!cancellationCodes(error)) throw error;
        renamed++;
      }
    });
  }
  console.log(`User search: ${indexed} user(s) indexed, ${renamed} renamed meanwhile (indexed by their rename).`);
  return 0;
}
