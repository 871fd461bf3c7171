// Operators' command line, against the table of the environment: TABLE_NAME plus the AWS SDK's own
// variables (credentials and region for a deployment; AWS_ENDPOINT_URL_DYNAMODB for the local cloud),
// and DEAD_LETTER_QUEUE_URL for the dead-letter commands (AWS_ENDPOINT_URL_SQS for the local cloud).
//   npm run ops -- create-operator --email <email> [--password <password>] [--name <user name>]
//   npm run ops -- audit
//   npm run ops -- backfill-settled-index
//   npm run ops -- backfill-user-search
//   npm run ops -- dead-letters
//   npm run ops -- redrive
import { parseArgs } from 'node:util';
import { MAX_RECEIVE_COUNT } from '../shared/queue-settings.ts';
import { audit } from './ops/audit.ts';
import { backfillSettledIndex } from './ops/backfill-settled-index.ts';
import { backfillUserSearch } from './ops/backfill-user-search.ts';
import { createOperator } from './ops/create-operator.ts';
import { listDeadLetters, redrive } from './ops/dead-letters.ts';

const USAGE = `Usage:
  npm run ops -- create-operator --email <email> [--password <password>] [--name <user name>]
      Creates a verified operator account, or makes an existing account an operator (its password
      is kept). Without --password a random one is generated and printed once.
  npm run ops -- audit
      Checks every wallet against its ledger and every settled event against its bets; prints what
      disagrees and exits 1 if anything does.
  npm run ops -- backfill-settled-index
      Adds the settled-bets index keys to bets settled before that index existed (corrections and the
      organiser export read it); idempotent, safe beside live settlements. Run once after deploying it.
  npm run ops -- backfill-user-search
      Adds the user search index's items (any part of a name or email finds the user in the console)
      to the users registered before it existed; idempotent, safe beside registrations and renames.
      Run once after deploying it.
  npm run ops -- dead-letters
      Lists the settlement work that failed ${MAX_RECEIVE_COUNT} times and waits in the dead-letter queue
      (DEAD_LETTER_QUEUE_URL); exits 1 if there is any.
  npm run ops -- redrive
      Moves every dead letter back to the settlement queue, for its worker to try again.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
});

const commands: Partial<Record<string, () => Promise<number>>> = {
  'create-operator': () => createOperator(values),
  audit,
  'backfill-settled-index': backfillSettledIndex,
  'backfill-user-search': backfillUserSearch,
  'dead-letters': listDeadLetters,
  redrive,
};
const command = commands[positionals[0] ?? ''];
if (!command || values.help) {
  console.log(USAGE);
  process.exitCode = values.help ? 0 : 2;
} else {
  try {
    process.exitCode = await command();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
