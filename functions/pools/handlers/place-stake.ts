import { MSG } from '#shared/messages.ts';
import { poolStakeSchema } from '#shared/schemas.ts';
import { apiHandler } from '#functions/http/api.ts';
import { placeStake } from '#functions/pools/staking.ts';

// The session is read in the stake's first BatchGetItem, with the pool and the team, as a bet's is.
export const handler = apiHandler(
  { body: poolStakeSchema },
  async ({ caller, sessionOpen, body }) => ({ data: { stake: await placeStake(caller.userId, body, { sessionOpen }) }, statusCode: 201, message: MSG.poolStakePlaced }),
  { sessionReadByHandler: true },
);
