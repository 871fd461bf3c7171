import { METRIC } from '#shared/metrics.ts';
import { MSG } from '#shared/messages.ts';
import { createBetSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { count, countingRefusals, countWithReason } from '#functions/platform/metrics.ts';
import { placeBet } from '#functions/betting/betting.ts';

// The session is checked in the bet's one transaction (a ConditionCheck), not read before it.
export const handler = apiHandler(
  { body: createBetSchema },
  async ({ caller, sessionToCheck, body }) => {
    const data = await countingRefusals(
      () => placeBet(caller.userId, body, { session: sessionToCheck }),
      (reason) => countWithReason(METRIC.betsRefused, reason),
    );
    count(METRIC.betsPlaced);
    count(METRIC.coinsStaked, body.amount);
    return { data, statusCode: 201, message: MSG.betCreated };
  },
  { sessionReadByHandler: true },
);
