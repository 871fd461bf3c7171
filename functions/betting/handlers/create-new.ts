import { METRIC } from '#shared/metrics.ts';
import { MSG } from '#shared/messages.ts';
import { createBetSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { count, countingRefusals, countWithReason } from '#functions/platform/metrics.ts';
import { placeBet } from '#functions/betting/betting.ts';

// The session is read in the bet's first BatchGetItem, with the event and the team (one round trip fewer).
export const handler = apiHandler(
  { body: createBetSchema },
  async ({ caller, sessionOpen, body }) => {
    const data = await countingRefusals(
      () => placeBet(caller.userId, body, { sessionOpen }),
      (reason) => countWithReason(METRIC.betsRefused, reason),
    );
    count(METRIC.betsPlaced);
    count(METRIC.coinsStaked, body.amount);
    return { data, statusCode: 201, message: MSG.betCreated };
  },
  { sessionReadByHandler: true },
);
