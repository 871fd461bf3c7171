// Password hashing with scrypt (node:crypto). The encoded hash carries its parameters, so they can
// be raised later without invalidating stored hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { r: 8, p: 1 } as const;
const DEFAULT_LOG2_N = 17;

/**
 * log2 of scrypt's N for new hashes: 17 (128 MiB, ~0.6 s) unless PASSWORD_SCRYPT_LOG2_N says otherwise.
 * Only the test cloud lowers it (to 14): the suite registers and logs in about a thousand users, and at
 * full cost their hashing alone took minutes of a 2-core machine. Stored hashes keep their own N.
 */
function log2N(): number {
  const configured = Number(process.env.PASSWORD_SCRYPT_LOG2_N ?? DEFAULT_LOG2_N);
  if (!Number.isInteger(configured) || configured < 14 || configured > 20) {
    throw new Error('PASSWORD_SCRYPT_LOG2_N must be an integer from 14 to 20');
  }
  return configured;
}
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

/** scrypt needs 128 * N * r bytes; allow twice that so Node's default 32 MiB cap does not refuse it. */
const maxmemFor = (N: number, r: number) => 256 * N * r;

function deriveKey(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number) {
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const N = 2 ** log2N();
  const key = await deriveKey(password, salt, N, PARAMS.r, PARAMS.p, KEY_LENGTH);
  return [PREFIX, N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  const actual = await deriveKey(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}
