// Configuration from the environment (docs/architecture.md), read and validated once per process.
// Read lazily so the local gateway can set process.env before the first request.
import * as z from 'zod';
import { ALLOWANCE_FLOOR, WELCOME_COINS } from '#shared/constants.ts';
import { parseAllowedDomains } from '#shared/email-domains.ts';

// In the cloud the signing secret lives in Secrets Manager (JWT_SECRET_ARN): fetched once per cold start,
// during init, so config() stays synchronous. Locally JWT_SECRET is set and nothing is fetched.
if (!process.env.JWT_SECRET && process.env.JWT_SECRET_ARN) {
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: process.env.JWT_SECRET_ARN }));
  process.env.JWT_SECRET = secret.SecretString;
}

const tableEnvSchema = z.object({ TABLE_NAME: z.string().min(1) });

const envSchema = tableEnvSchema.extend({
  AVATAR_BUCKET: z.string().min(1),
  ASSET_BASE_URL: z.string().default(''),
  APP_ORIGIN: z.url(),
  MAIL_FROM: z.string().min(1),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 bytes'),
  WELCOME_COINS: z.coerce.number().int().nonnegative().default(WELCOME_COINS),
  ALLOWANCE_FLOOR: z.coerce.number().int().positive().default(ALLOWANCE_FLOOR),
  /** Comma-separated mail domains registration is limited to; unset or empty: anyone. */
  ALLOWED_EMAIL_DOMAINS: z.string().default(''),
  /** 'verified': every verified user may create tournaments; 'granted' (default): operators and those they allow. */
  TOURNAMENT_CREATORS: z.enum(['granted', 'verified']).default('granted'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  WS_MANAGEMENT_ENDPOINT: z.string().optional(),
});

export interface Config {
  avatarBucket: string;
  assetBaseUrl: string;
  appOrigin: string;
  mailFrom: string;
  jwtSecret: Uint8Array;
  welcomeCoins: number;
  /** The daily allowance tops a bettor's coins up to this. */
  allowanceFloor: number;
  /** Registration is open to these mail domains (and their subdomains) only; undefined: to anyone. */
  allowedEmailDomains: string[] | undefined;
  /** Who may create tournaments besides operators: those an operator allowed, or every verified user. */
  tournamentCreators: 'granted' | 'verified';
  s3ForcePathStyle: boolean;
  wsManagementEndpoint: string | undefined;
}

function parseEnv<T extends z.ZodType>(schema: T): z.output<T> {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

let cachedTableName: string | undefined;

/** The table alone: the operators' command line (scripts/ops.ts) needs nothing else of the configuration. */
export function tableNameConfig(): string {
  cachedTableName ??= parseEnv(tableEnvSchema).TABLE_NAME;
  return cachedTableName;
}

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const env = parseEnv(envSchema);
  cached = {
    avatarBucket: env.AVATAR_BUCKET,
    assetBaseUrl: env.ASSET_BASE_URL.replace(/\/+$/, ''),
    appOrigin: env.APP_ORIGIN.replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM,
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET),
    welcomeCoins: env.WELCOME_COINS,
    allowanceFloor: env.ALLOWANCE_FLOOR,
    allowedEmailDomains: parseAllowedDomains(env.ALLOWED_EMAIL_DOMAINS),
    tournamentCreators: env.TOURNAMENT_CREATORS,
    s3ForcePathStyle: env.S3_FORCE_PATH_STYLE,
    wsManagementEndpoint: env.WS_MANAGEMENT_ENDPOINT,
  };
  return cached;
}
