// ops create-operator: a verified operator account for this email (or the existing account promoted).
import { randomBytes } from 'node:crypto';
import { registerSchema } from '../../shared/schemas.ts';
import { ensureOperator } from '../../functions/identity/accounts.ts';

const DEFAULT_NAME = 'Operator';

export async function createOperator(options: { email?: string; password?: string; name?: string }): Promise<number> {
  const generated = options.password === undefined;
  const input = registerSchema.safeParse({
    email: options.email,
    userName: options.name ?? DEFAULT_NAME,
    password: options.password ?? randomBytes(18).toString('base64url'),
  });
  if (!input.success) {
    console.error(`create-operator: ${input.error.issues[0]?.message} (--email is required; --password needs 8 characters or more)`);
    return 2;
  }
  const { userId, created } = await ensureOperator(input.data);
  if (!created) {
    console.log(`${input.data.email} (user ${userId}) is now an operator; its password is unchanged.`);
  } else {
    console.log(`Created operator ${input.data.email} (user ${userId}).`);
    if (generated) console.log(`Password (shown once): ${input.data.password}`);
  }
  return 0;
}
