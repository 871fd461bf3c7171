// The daily allowance (issue 14 §2): a bettor below the minimum stake tops up to the floor once per UTC
// day, as one ledger entry with the day as its id, written with the wallet in one conditional transaction.
// And ALLOWED_EMAIL_DOMAINS: registration limited to configured mail domains (create-user run in-process
// with the setting, against the same local cloud, so the shared cloud stays open to every test's email).
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AllowanceClaim, Wallet } from '#shared/api.ts';
import { ALLOWANCE_FLOOR, API_BASE_PATH, COIN_BET_MAX } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { useTestEnv } from '../helpers/test-env.ts';
import type { ApiClient } from '../helpers/api.ts';
import { verifiedUser } from './accounts-flows.ts';
import { coinBet, createEvent, operatorClient } from './game-flows.ts';

let operator: ApiClient;

/** A verified bettor who staked all their coins, so they are below the minimum stake. */
async function brokeBettor() {
  const user = await verifiedUser();
  const { event } = await createEvent(operator);
  const bet = await user.client.post('/bet/create-new', coinBet(event, COIN_BET_MAX));
  expect(bet.status, JSON.stringify(bet.body)).toBe(201);
  return user;
}

const walletOf = async (client: ApiClient) => (await client.get<{ data: Wallet }>('/wallet/get-wallet')).body.data;
const claim = (client: ApiClient) => client.post<{ data: AllowanceClaim; message: string }>('/wallet/claim-allowance');

beforeAll(async () => {
  operator = await operatorClient();
  // The in-process calls below reach the same table as the cloud's functions.
  Object.assign(process.env, inject('cloudEnv'), { JWT_SECRET: inject('jwtSecret'), ALLOWED_EMAIL_DOMAINS: 'Campus.edu, @iitb.ac.in' });
  useTestEnv();
});

describe('POST /wallet/claim-allowance', () => {
  it('refuses a bettor who can still place the smallest bet (400), and the wallet says not claimable', async () => {
    const user = await verifiedUser();
    expect((await walletOf(user.client)).allowance).toEqual({ claimable: false, coins: 0 });
    const refused = await claim(user.client);
    expect([refused.status, refused.body.message]).toEqual([400, MSG.allowanceNotNeeded]);
  });

  it('tops a bettor below the minimum stake up to the floor once, then answers 409 for the rest of the UTC day', async () => {
    const user = await brokeBettor();
    expect((await walletOf(user.client)).allowance).toEqual({ claimable: true, coins: ALLOWANCE_FLOOR });
    const first = await claim(user.client);
    expect([first.status, first.body.message, first.body.data]).toEqual([200, MSG.allowanceClaimed, { coins: ALLOWANCE_FLOOR, totalCoins: ALLOWANCE_FLOOR }]);
    const wallet = await walletOf(user.client);
    expect(wallet.totalCoins).toBe(ALLOWANCE_FLOOR);
    expect(wallet.allowance.claimable).toBe(false);
    // A retry right after (enough coins now) says it was claimed, not that they have enough.
    expect((await claim(user.client)).status).toBe(409);
    // Broke again the same day: still once a day.
    const { event } = await createEvent(operator);
    expect((await user.client.post('/bet/create-new', coinBet(event, ALLOWANCE_FLOOR))).status).toBe(201);
    const again = await claim(user.client);
    expect([again.status, again.body.message]).toEqual([409, MSG.allowanceAlreadyClaimed]);
    expect((await walletOf(user.client)).totalCoins).toBe(0);
  });

  it('pays once for concurrent claims (a double tap), with one ledger entry that balances the wallet', async () => {
    const user = await brokeBettor();
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(user.client)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const ledger = await import('#functions/data/ledger.ts');
    const entries = await ledger.listLedger(user.userId);
    const allowances = entries.filter((entry) => entry.kind === 'allowance');
    expect(allowances).toHaveLength(1);
    expect(allowances[0]).toMatchObject({ entryId: `allowance#${new Date().toISOString().slice(0, 10)}`, coins: ALLOWANCE_FLOOR, cashPaise: 0 });
    const wallet = await walletOf(user.client);
    expect(wallet.totalCoins).toBe(ALLOWANCE_FLOOR);
    expect(entries.reduce((sum, entry) => sum + entry.coins, 0)).toBe(wallet.totalCoins);
  });

  it('allows the next claim on the next UTC day (injected clock)', async () => {
    const user = await brokeBettor();
    const { claimAllowance } = await import('#functions/wallet/allowance.ts');
    const { event } = await createEvent(operator);
    const today = new Date();
    expect(await claimAllowance(user.userId, today)).toEqual({ coins: ALLOWANCE_FLOOR, totalCoins: ALLOWANCE_FLOOR });
    expect((await user.client.post('/bet/create-new', coinBet(event, ALLOWANCE_FLOOR))).status).toBe(201);
    await expect(claimAllowance(user.userId, today)).rejects.toMatchObject({ code: 'allowance-already-claimed' });
    const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 0, 0, 1));
    expect(await claimAllowance(user.userId, tomorrow)).toEqual({ coins: ALLOWANCE_FLOOR, totalCoins: ALLOWANCE_FLOOR });
    expect((await walletOf(user.client)).totalCoins).toBe(ALLOWANCE_FLOOR);
  });
});

describe('ALLOWED_EMAIL_DOMAINS', () => {
  const context = { awsRequestId: 'allowance-test', functionName: 'test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  function register(email: string): APIGatewayProxyEventV2 {
    const rawPath = `${API_BASE_PATH}/user/create-user`;
    return {
      version: '2.0',
      routeKey: `POST ${rawPath}`,
      rawPath,
      rawQueryString: '',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'Campus Tester', email, password: 'password-123' }),
      isBase64Encoded: false,
      requestContext: { http: { method: 'POST', path: rawPath }, requestId: 'allowance-test' },
    } as unknown as APIGatewayProxyEventV2;
  }

  it('registers college addresses (any case, subdomains) and refuses others with the registration error', async () => {
    const { handler } = await import('#functions/identity/handlers/create-user.ts');
    const run = async (email: string) => {
      const answer = (await handler(register(email), context)) as { statusCode: number; body: string };
      return [answer.statusCode, JSON.parse(answer.body).message];
    };
    expect((await run(`${randomUUID()}@CAMPUS.edu`))[0]).toBe(201);
    expect((await run(`${randomUUID()}@cse.iitb.ac.in`))[0]).toBe(201);
    expect(await run(`${randomUUID()}@gmail.com`)).toEqual([403, MSG.emailDomainNotAllowed]);
    expect(await run(`${randomUUID()}@notcampus.edu`)).toEqual([403, MSG.emailDomainNotAllowed]);
  });
});
