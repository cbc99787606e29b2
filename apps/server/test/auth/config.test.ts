import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

/** The error a bad environment gives, or a failure when there is none. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('defaults: port 8080, ./data, PGlite, captcha on, 30-minute sessions, file outbox', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      reportingDatabaseUrl: undefined,
      captchaEnabled: true,
      smtpUrl: undefined,
      mailFrom: 'Orbit CRM <no-reply@orbit-crm.local>',
      secretKey: undefined,
      emailRetryBaseMs: 5000,
      inboundSmtpPort: undefined,
      sessionTtlMinutes: 30,
      logLevel: 'info',
      seedDemoData: true,
      demoMockApi: true,
      webDist: undefined,
      trustProxy: false,
      jobConcurrency: 2,
      jobStaleSeconds: 60,
      fileRetentionDays: 7,
      apiErrorStatus: 'http',
      automationRetryMs: 30000,
      webhookAllowPrivate: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/orbit-data',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/orbit',
      REPORTING_DATABASE_URL: 'postgres://reports:secret@replica:5432/orbit',
      CAPTCHA_ENABLED: 'false',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'CRM <crm@example.com>',
      ORBIT_SECRET_KEY: 'a-secret-of-sixteen-or-more',
      EMAIL_RETRY_BASE_MS: '250',
      INBOUND_SMTP_PORT: '2525',
      SESSION_TTL_MINUTES: '45',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: '0',
      WEB_DIST: '/tmp/web-dist',
      TRUST_PROXY: 'true',
      JOB_CONCURRENCY: '0',
      JOB_STALE_SECONDS: '5',
      FILE_RETENTION_DAYS: '30',
      API_ERROR_STATUS: 'envelope',
      AUTOMATION_RETRY_MS: '1500',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    expect(config).toEqual({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/tmp/orbit-data',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/orbit',
      reportingDatabaseUrl: 'postgres://reports:secret@replica:5432/orbit',
      captchaEnabled: false,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'CRM <crm@example.com>',
      secretKey: 'a-secret-of-sixteen-or-more',
      emailRetryBaseMs: 250,
      inboundSmtpPort: 2525,
      sessionTtlMinutes: 45,
      logLevel: 'warn',
      seedDemoData: false,
      demoMockApi: false,
      webDist: '/tmp/web-dist',
      trustProxy: true,
      jobConcurrency: 0,
      jobStaleSeconds: 5,
      fileRetentionDays: 30,
      apiErrorStatus: 'envelope',
      automationRetryMs: 1500,
      webhookAllowPrivate: true,
    });
  });

  it('turns the demo mock endpoints on with the demo data unless DEMO_MOCK_API says otherwise', () => {
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).demoMockApi).toBe(false);
    expect(loadConfig({ DEMO_MOCK_API: 'false' }).demoMockApi).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: 'false', DEMO_MOCK_API: 'true' }).demoMockApi).toBe(true);
  });

  it('accepts true/false/1/0 for switches and postgresql:// URLs', () => {
    expect(loadConfig({ CAPTCHA_ENABLED: '1' }).captchaEnabled).toBe(true);
    expect(loadConfig({ CAPTCHA_ENABLED: '0' }).captchaEnabled).toBe(false);
    expect(loadConfig({ CAPTCHA_ENABLED: 'true' }).captchaEnabled).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/orbit' }).databaseUrl).toBe('postgresql://db/orbit');
  });

  it('REPORTING_DATABASE_URL without DATABASE_URL stops start-up: the embedded database has no replica', () => {
    expect(configError({ REPORTING_DATABASE_URL: 'postgres://replica/orbit' }).message).toMatch(/^Invalid environment variable REPORTING_DATABASE_URL: needs DATABASE_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', CAPTCHA_ENABLED: '', SESSION_TTL_MINUTES: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      captchaEnabled: true,
      sessionTtlMinutes: 30,
    });
  });

  it('the edges of the ranges are accepted', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(loadConfig({ SESSION_TTL_MINUTES: '1' }).sessionTtlMinutes).toBe(1);
    expect(loadConfig({ SESSION_TTL_MINUTES: String(60 * 24 * 30) }).sessionTtlMinutes).toBe(43200);
  });

  const bad: Array<[string, string]> = [
    ['PORT', 'abc'],
    ['API_ERROR_STATUS', 'ruoyi'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['PORT', ' '],
    ['PORT', '0x50'],
    ['PORT', '1e3'],
    ['DATABASE_URL', 'mysql://root@localhost/orbit'],
    ['DATABASE_URL', 'localhost:5432'],
    ['REPORTING_DATABASE_URL', 'mysql://replica/orbit'],
    ['CAPTCHA_ENABLED', 'yes'],
    ['CAPTCHA_ENABLED', 'off'],
    ['SESSION_TTL_MINUTES', '0'],
    ['SESSION_TTL_MINUTES', 'thirty'],
    ['SESSION_TTL_MINUTES', '1.5'],
    ['SESSION_TTL_MINUTES', '100000'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['INBOUND_SMTP_PORT', '70000'],
    ['INBOUND_SMTP_PORT', 'smtp'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO_DATA', 'maybe'],
  ];
  it.each(bad)('%s=%j stops start-up with one line naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid environment variable ${name}: \\S`));
    expect(error.message).not.toContain('\n');
    // The value itself (possibly a secret in a URL) is not echoed.
    if (value.length > 3) expect(error.message).not.toContain(value);
  });

  it('names the first bad variable when several are bad, still in one line', () => {
    const error = configError({ PORT: 'abc', SESSION_TTL_MINUTES: '0' });
    expect(error.message.split('\n')).toHaveLength(1);
    expect(error.message).toMatch(/^Invalid environment variable (PORT|SESSION_TTL_MINUTES): /);
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ HOME: '/root', PATH: '/usr/bin', NODE_ENV: 'production' }).port).toBe(8080);
  });
});
