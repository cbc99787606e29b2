import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** Digits only: z.coerce.number() would take ' ' as 0, '0x10' as 16 and '1e3' as 1000. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const envSchema = z.object({
  PORT: wholeNumber(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REPORTING_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  CAPTCHA_ENABLED: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Orbit CRM <no-reply@orbit-crm.local>'),
  ORBIT_SECRET_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  EMAIL_RETRY_BASE_MS: wholeNumber(0, 600_000).default(5000),
  /** The dropbox's SMTP listener (crm/email/inbound); unset: none. 0 takes a free port (tests). */
  INBOUND_SMTP_PORT: wholeNumber(0, 65535).optional(),
  SESSION_TTL_MINUTES: wholeNumber(1, 60 * 24 * 30).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: bool.default(true),
  DEMO_MOCK_API: bool.optional(),
  WEB_DIST: z.string().min(1).optional(),
  TRUST_PROXY: bool.default(false),
  JOB_CONCURRENCY: wholeNumber(0, 16).default(2),
  JOB_STALE_SECONDS: wholeNumber(2, 3600).default(60),
  FILE_RETENTION_DAYS: wholeNumber(1, 365).default(7),
  /** The first retry of a failed workflow action or webhook delivery, doubled at each further one. */
  AUTOMATION_RETRY_MS: wholeNumber(1, 3_600_000).default(30_000),
  /** The default of the setting that lets webhooks reach private and loopback addresses (tests allow them). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  API_ERROR_STATUS: z.enum(['http', 'envelope']).default('http'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL that reports, dashboards and exports read from (db/reporting.ts). */
  reportingDatabaseUrl: string | undefined;
  captchaEnabled: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seals secrets kept in the database (the SMTP password of Settings; lib/secretBox.ts); unset: none can be stored. */
  secretKey: string | undefined;
  /** An e-mail's first retry waits this long, each next one four times longer (crm/email/emailSend.job.ts). */
  emailRetryBaseMs: number;
  /** The port of the dropbox's SMTP listener (received mail onto records' timelines); undefined: no listener. */
  inboundSmtpPort: number | undefined;
  sessionTtlMinutes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemoData: boolean;
  /** The template demo's mock endpoints (`/vue-element-admin/…`, SPEC §7); on with the demo data unless set. */
  demoMockApi: boolean;
  /** Built web app to serve; absent means API only (tests, `npm run dev:server`). */
  webDist: string | undefined;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. Off by default, or anyone could fake it. */
  trustProxy: boolean;
  /** Background jobs (exports, imports) this process runs at once; 0: it runs none. */
  jobConcurrency: number;
  /** A running job whose heartbeat is older than this was left by a dead process: taken up again. */
  jobStaleSeconds: number;
  /** Days a generated or uploaded file is kept before it goes with its record. */
  fileRetentionDays: number;
  /** The first retry of a failed workflow action or webhook delivery (doubled at each further one). */
  automationRetryMs: number;
  /** Default of the setting `webhookAllowPrivate`. */
  webhookAllowPrivate: boolean;
  /**
   * `http`: a refusal's HTTP status mirrors its envelope code (401, 403, 400…). `envelope`: business
   * refusals answer HTTP 200 with the same body, as RuoYi's clients expect; server faults stay 5xx.
   */
  apiErrorStatus: 'http' | 'envelope';
};

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty strings as unset so that `FOO= npm start` behaves like no FOO at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  // A replica of the embedded database cannot exist: say so rather than ignore the variable.
  if (e.REPORTING_DATABASE_URL && !e.DATABASE_URL) throw new ConfigError('Invalid environment variable REPORTING_DATABASE_URL: needs DATABASE_URL (a replica of PostgreSQL)');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    reportingDatabaseUrl: e.REPORTING_DATABASE_URL,
    captchaEnabled: e.CAPTCHA_ENABLED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretKey: e.ORBIT_SECRET_KEY,
    emailRetryBaseMs: e.EMAIL_RETRY_BASE_MS,
    inboundSmtpPort: e.INBOUND_SMTP_PORT,
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    logLevel: e.LOG_LEVEL,
    seedDemoData: e.SEED_DEMO_DATA,
    demoMockApi: e.DEMO_MOCK_API ?? e.SEED_DEMO_DATA,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: e.TRUST_PROXY,
    jobConcurrency: e.JOB_CONCURRENCY,
    jobStaleSeconds: e.JOB_STALE_SECONDS,
    automationRetryMs: e.AUTOMATION_RETRY_MS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    fileRetentionDays: e.FILE_RETENTION_DAYS,
    apiErrorStatus: e.API_ERROR_STATUS,
  };
}
