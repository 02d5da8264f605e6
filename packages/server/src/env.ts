import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env (architecture §4). A bad value stops start-up with one clear line. */
const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies in front of us may name the client in `X-Forwarded-For` (decision 132): off
 * (`0`/`false`…), a number of hops (`1`/`true`/`on`/`yes` is one: the address the nearest proxy saw),
 * or a comma-separated list of the proxies' addresses and CIDR ranges. Never "every proxy": the
 * left-most entry is whatever the client wrote.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['0', 'false', 'off', 'no'].includes(lower)) return false;
    if (['true', 'on', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 32) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: 'must be 0, 1 to 32 (proxy hops), or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

/** A sender for development (the dev mailbox); a real mail server wants one of the site's own domain. */
export const DEFAULT_MAIL_FROM = 'Open Science Courses <no-reply@localhost>';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** The sender's display name on Arabic mails (MAIL_FROM's address); unset: MAIL_FROM's name on every mail. */
  MAIL_FROM_NAME_AR: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]+$/u, 'must be one line of text')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Ed25519 private key (PKCS#8 PEM) that signs Open Badges credentials; see credential-keys.ts. */
  CREDENTIAL_SIGNING_KEY: z
    .string()
    // Environment files often carry the PEM on one line with literal "\\n".
    .transform((value) => value.replaceAll('\\n', '\n'))
    .refine(isEd25519Pem, 'must be an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ORCID_CLIENT_ID: z.string().min(1).optional(),
  ORCID_CLIENT_SECRET: z.string().min(1).optional(),
  ORCID_ISSUER: z.url().default('https://orcid.org'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(100_000),
  /** Time a client has to send a whole request (headers and body) before it is answered 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SEED_DEMO: flag.optional(),
  /** Trust X-Forwarded-* only from the proxies in front of us; otherwise clients could spoof their address. */
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<RawEnv, 'APP_URL' | 'JWT_SECRET' | 'CREDENTIAL_SIGNING_KEY'> {
  APP_URL: string;
  JWT_SECRET: string;
  CREDENTIAL_SIGNING_KEY: string;
  /** Absolute path of the built SPA to serve, or null when not built. */
  webDist: string | null;
  googleEnabled: boolean;
  orcidEnabled: boolean;
}

export class ConfigError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const raw = parsed.data;
  if (Boolean(raw.ADMIN_EMAIL) !== Boolean(raw.ADMIN_PASSWORD))
    throw new ConfigError('Invalid configuration: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither');
  if (Boolean(raw.GOOGLE_CLIENT_ID) !== Boolean(raw.GOOGLE_CLIENT_SECRET))
    throw new ConfigError(
      'Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  if (Boolean(raw.ORCID_CLIENT_ID) !== Boolean(raw.ORCID_CLIENT_SECRET))
    throw new ConfigError(
      'Invalid configuration: set both ORCID_CLIENT_ID and ORCID_CLIENT_SECRET, or neither',
    );
  if (raw.DATABASE_URL && !raw.JWT_SECRET)
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when DATABASE_URL is set');
  // Every instance must sign with the same key, or credentials from one would not verify on another.
  // (An in-memory test database is one process, so a key made on the spot is enough.)
  if (raw.DATABASE_URL && !raw.CREDENTIAL_SIGNING_KEY && raw.DATA_DIR !== 'memory://')
    throw new ConfigError(
      'Invalid configuration: CREDENTIAL_SIGNING_KEY is required when DATABASE_URL is set',
    );

  // `memory://` marks an in-memory database (tests); resolving it as a path put a shared on-disk
  // PGlite directory named `memory:` in the working directory.
  const dataDir = raw.DATA_DIR === 'memory://' ? raw.DATA_DIR : path.resolve(raw.DATA_DIR);
  const webDist = path.resolve(raw.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  return {
    ...raw,
    DATA_DIR: dataDir,
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    JWT_SECRET: raw.JWT_SECRET ?? generatedSecret(dataDir),
    CREDENTIAL_SIGNING_KEY: raw.CREDENTIAL_SIGNING_KEY ?? generatedSigningKey(dataDir),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    googleEnabled: Boolean(raw.GOOGLE_CLIENT_ID),
    orcidEnabled: Boolean(raw.ORCID_CLIENT_ID),
  };
}

/** Embedded mode: a signing secret generated once and kept beside the database. */
function generatedSecret(dataDir: string): string {
  if (dataDir === 'memory://') return randomBytes(48).toString('base64url');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Embedded mode: the credential signing key, generated once and kept beside the database. */
function generatedSigningKey(dataDir: string): string {
  const generate = () =>
    generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  if (dataDir === 'memory://') return generate();
  const file = path.join(dataDir, 'credential-signing-key.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dataDir, { recursive: true });
  const pem = generate();
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}

function isEd25519Pem(value: string): boolean {
  try {
    return createPrivateKey(value).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}
