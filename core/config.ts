import { ConfigError } from './errors';
import { parseSecretsKey } from './secrets';
import { isPlan, PLANS, type Plan } from './plans';
import { LOCAL_PROXIES, TrustedProxies } from './trusted-proxies';

/** Environment → typed configuration. Every variable has a working local default (the README's Configuration table lists them, and test/docs/commands.test.ts keeps the two equal). */
export interface Config {
  port: number;
  siteUrl: string;
  /** host (with port when not default) of SITE_URL: serves /api, /p, /mcp, health */
  siteHost: string;
  /** {default_domain}: the built-in short domain */
  defaultDomain: string;
  /** protocol used to build short URLs on the default domain */
  shortProtocol: string;
  databaseUrl?: string;
  /** DATABASE_REPLICA_URL: a streaming replica of DATABASE_URL's database; reads that may trail a write by the replica's lag go there */
  databaseReplicaUrl?: string;
  /** DATABASE_PGBOUNCER=true: DATABASE_URL (and the replica's) lead to PgBouncer in transaction mode; no named prepared statements */
  databasePgbouncer: boolean;
  dataDir: string;
  /** EMBEDDED_DURABILITY: `commit` flushes the embedded database's WAL to the disk before a write is acknowledged; `relaxed` leaves flushing to the operating system */
  embeddedDurability: EmbeddedDurability;
  /** REDIS_URL; with REDIS_SENTINELS it gives only the password and database number (`redis://` when unset) */
  redisUrl?: string;
  /** REDIS_SENTINELS + REDIS_SENTINEL_NAME (+ REDIS_SENTINEL_PASSWORD): the Redis primary is the one these Sentinels name */
  redisSentinels?: RedisSentinels;
  /** key prefix for everything this instance keeps in Redis (BullMQ queues included) */
  redisPrefix: string;
  adminToken?: string;
  /** SECRETS_KEY (checked here, read by core/secrets.ts): seals workspace secrets at rest */
  secretsKey?: string;
  /** ALLOW_SIGNUP: an unknown e-mail asking for a sign-in link gets one that creates the user and a workspace on DEFAULT_PLAN */
  allowSignup: boolean;
  /**
   * CUSTOM_SLUGS_ON_DEFAULT_DOMAIN: custom slugs on the default domain too, first come first served (an
   * instance whose default domain is the team's own, `go.acme.com/spring-sale`). Off, the spec's 400 holds.
   */
  customSlugsOnDefaultDomain: boolean;
  /** DEFAULT_PLAN: the plan of workspaces made from now on (sign-up, POST /api/workspaces, bootstrap without a plan); `free` unless set */
  defaultPlan: Plan;
  /** EMAIL_SIGNIN (default true): false turns the mailed sign-in links off instance-wide (single sign-on only; the operator's login-link stays) */
  emailSignIn: boolean;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME: OpenID Connect sign-in; undefined = no single sign-on */
  oidc?: OidcConfig;
  smtpUrl?: string;
  mailFrom: string;
  dnsServers: string[];
  geoHeader?: string;
  geoipDb?: string;
  /** TRUSTED_PROXIES (or TRUST_PROXY=true: loopback + private ranges): whose X-Forwarded-For is believed; undefined = nobody's */
  trustedProxies?: TrustedProxies;
  webhookAllowPrivate: boolean;
  /** WEBHOOK_CA_FILE: PEM file of extra CAs trusted for outbound TLS (webhooks, monitoring), on top of the system roots and NODE_EXTRA_CA_CERTS */
  webhookCaFile?: string;
  cnameTarget: string;
  logLevel: string;
  /** METRICS_TOKEN: when set, `GET /metrics` asks for `Authorization: Bearer <token>` */
  metricsToken?: string;
  /** LOG_REDIRECTS=true: short-link visits are logged like API requests; LOG_REDIRECTS_SAMPLE (0–1, default 1) logs that share of them */
  logRedirects: number;
  plugins: string[];
  /** monitoring pass interval */
  monitorIntervalMs: number;
  /** how often webhook delivery logs older than 7 days (LIMITS.webhookLogDays) are deleted */
  deliveryPruneIntervalMs: number;
  /** JOB_LOCK_MS: a BullMQ job whose worker stopped renewing its lock this long ago (crashed) is re-run */
  jobLockMs: number;
  /** CLICK_RETENTION_DAYS: raw clicks older than this are dropped by whole monthly partitions (rollups stay); unset keeps all */
  clickRetentionDays?: number;
  /** LIVE_STREAMS_MAX: open live streams (`/stats/live`) one API process holds at most; beyond, 429 */
  liveStreamsMax: number;
  /** LIVE_RECHECK_MS: how often the credential of an open live stream is checked again (what another process revoked ends it this late at most) */
  liveRecheckMs: number;
  /** BODY_BYTES_IN_FLIGHT_MAX: request body bytes held at once across all requests; a body over it waits outside (503) */
  bodyBytesInFlightMax: number;
  /** CLICK_SPOOL_RESERVE_MB: disk space the click spool takes at start (a file of zeros), so that it still keeps clicks once the disk is full; 0: none */
  clickSpoolReserveMb: number;
  /** GA4 / Meta endpoints are configurable so tests can point them at a local receiver */
  gaEndpoint: string;
  fbEndpoint: string;
}

type Env = Record<string, string | undefined>;

export interface RedisSentinels {
  hosts: { host: string; port: number }[];
  /** the master group name the Sentinels monitor (`sentinel monitor <name> …`) */
  name: string;
  password?: string;
}

/** REDIS_SENTINELS=host:port,… (port 26379 when left out) with REDIS_SENTINEL_NAME; undefined when unset. */
function redisSentinelsOf(env: Env): RedisSentinels | undefined {
  const hosts = list(env.REDIS_SENTINELS).map((entry) => {
    const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(entry);
    const port = Number(match?.[2] ?? 26379);
    if (!match || !(port > 0 && port < 65536)) throw new ConfigError(`REDIS_SENTINELS must be host:port entries separated by commas, got "${entry}"`);
    return { host: match[1]!, port };
  });
  if (!hosts.length) return undefined;
  const name = env.REDIS_SENTINEL_NAME?.trim();
  if (!name) throw new ConfigError('REDIS_SENTINELS needs REDIS_SENTINEL_NAME: the master group name the Sentinels monitor (e.g. mymaster)');
  return { hosts, name, password: env.REDIS_SENTINEL_PASSWORD || undefined };
}

export interface OidcConfig {
  /** https URL; its /.well-known/openid-configuration is discovered */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** the provider's name on the sign-in button: "Sign in with {name}" */
  name: string;
}

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_NAME'] as const;

/** All four OIDC_* variables, or none: a partial setting names what is missing instead of failing at the first sign-in. */
function oidcOf(env: Env): OidcConfig | undefined {
  const missing = OIDC_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length === OIDC_VARIABLES.length) return undefined;
  if (missing.length) throw new ConfigError(`Single sign-on needs all of ${OIDC_VARIABLES.join(', ')}; missing: ${missing.join(', ')}`);
  // as the provider spells it: its discovery document must name exactly this issuer (Authentik's ends with a slash)
  const issuer = env.OIDC_ISSUER!.trim();
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new ConfigError(`OIDC_ISSUER must be the provider's https URL, got "${issuer}"`);
  }
  if (url.protocol !== 'https:') throw new ConfigError(`OIDC_ISSUER must be an https URL (the provider's keys and tokens come from it), got "${issuer}"`);
  return { issuer, clientId: env.OIDC_CLIENT_ID!.trim(), clientSecret: env.OIDC_CLIENT_SECRET!, name: env.OIDC_NAME!.trim() };
}

/** EMAIL_SIGNIN: true unless set to false (or 0). */
function emailSignInOf(value: string | undefined): boolean {
  if (value === undefined || value === '' || truthy(value)) return true;
  if (value === '0' || value.toLowerCase() === 'false') return false;
  throw new ConfigError(`EMAIL_SIGNIN must be true (the default) or false, got "${value}"`);
}

export type EmbeddedDurability = 'commit' | 'relaxed';

function embeddedDurability(value: string | undefined): EmbeddedDurability {
  if (value === undefined || value === '' || value === 'commit') return 'commit';
  if (value === 'relaxed') return value;
  throw new Error(`EMBEDDED_DURABILITY must be "commit" (the default) or "relaxed", got "${value}"`);
}

/** DATABASE_REPLICA_URL: only beside a DATABASE_URL (the embedded database has no replica). */
function databaseReplicaUrlOf(env: Env): string | undefined {
  const url = env.DATABASE_REPLICA_URL || undefined;
  if (url && !env.DATABASE_URL)
    throw new ConfigError('DATABASE_REPLICA_URL needs DATABASE_URL: the replica is a copy of that PostgreSQL database (the embedded one has none)');
  return url;
}

/** The share of redirects logged: 0 without LOG_REDIRECTS, else LOG_REDIRECTS_SAMPLE (default all). */
function logRedirectsOf(env: Env): number {
  if (!truthy(env.LOG_REDIRECTS)) return 0;
  const sample = Number(env.LOG_REDIRECTS_SAMPLE ?? 1);
  if (!(sample > 0 && sample <= 1))
    throw new ConfigError(`LOG_REDIRECTS_SAMPLE must be a share above 0 and at most 1 (e.g. 0.1), got "${env.LOG_REDIRECTS_SAMPLE}"`);
  return sample;
}

function positiveInteger(name: string, value: string, unit = ' of days'): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive whole number${unit}, got "${value}"`);
  return n;
}

/**
 * ~1.8 million clicks of new visitors each with a referrer of their own (~150 bytes each in the spool
 * on a full disk, framing and file blocks included: test/reliability/click-spool.test.ts), over ten
 * times that when visitors repeat
 */
const CLICK_SPOOL_RESERVE_MB = 256;

function clickSpoolReserveMbOf(value: string | undefined): number {
  if (value === undefined || value === '') return CLICK_SPOOL_RESERVE_MB;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new ConfigError(`CLICK_SPOOL_RESERVE_MB must be a whole number of megabytes (0: no reserve), got "${value}"`);
  return n;
}

const truthy = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true';
const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The operator token opens every workspace of the instance: one short enough to guess is refused. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

function adminTokenOf(env: Env): string | undefined {
  const token = env.ADMIN_TOKEN || undefined;
  if (token && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new ConfigError(
      `ADMIN_TOKEN is ${token.length} characters long; the operator token must have at least ${MIN_ADMIN_TOKEN_LENGTH} (it opens every workspace). Make one with: openssl rand -hex 32`,
    );
  }
  return token;
}

function secretsKeyOf(env: Env): string | undefined {
  const key = env.SECRETS_KEY || undefined;
  if (key) parseSecretsKey(key);
  return key;
}

function defaultPlanOf(value: string | undefined): Plan {
  if (value === undefined || value === '') return 'free';
  if (isPlan(value)) return value;
  throw new ConfigError(`DEFAULT_PLAN must be one of ${PLANS.join(', ')}, got "${value}"`);
}

/** TRUSTED_PROXIES when set; else TRUST_PROXY=true trusts loopback and the private ranges. */
function trustedProxiesOf(env: Env): TrustedProxies | undefined {
  const ranges = list(env.TRUSTED_PROXIES);
  if (ranges.length) return new TrustedProxies(ranges);
  return truthy(env.TRUST_PROXY) ? new TrustedProxies(LOCAL_PROXIES) : undefined;
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const siteUrl = (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const site = new URL(siteUrl);
  const defaultDomain = (env.DEFAULT_DOMAIN ?? site.host).toLowerCase();
  const defaultHostname = defaultDomain.replace(/:\d+$/, '');
  const redisSentinels = redisSentinelsOf(env);
  const config: Config = {
    port,
    siteUrl,
    siteHost: site.host.toLowerCase(),
    defaultDomain,
    shortProtocol: site.protocol,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: databaseReplicaUrlOf(env),
    databasePgbouncer: truthy(env.DATABASE_PGBOUNCER),
    dataDir: env.DATA_DIR ?? './data',
    embeddedDurability: embeddedDurability(env.EMBEDDED_DURABILITY),
    redisUrl: env.REDIS_URL || (redisSentinels ? 'redis://' : undefined),
    redisSentinels,
    redisPrefix: env.REDIS_PREFIX ?? 'lh',
    adminToken: adminTokenOf(env),
    secretsKey: secretsKeyOf(env),
    allowSignup: truthy(env.ALLOW_SIGNUP),
    customSlugsOnDefaultDomain: truthy(env.CUSTOM_SLUGS_ON_DEFAULT_DOMAIN),
    defaultPlan: defaultPlanOf(env.DEFAULT_PLAN),
    emailSignIn: emailSignInOf(env.EMAIL_SIGNIN),
    oidc: oidcOf(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? `Linkhop <no-reply@${defaultHostname}>`,
    dnsServers: list(env.DNS_SERVERS),
    geoHeader: env.GEO_HEADER?.toLowerCase() || undefined,
    geoipDb: env.GEOIP_DB || undefined,
    trustedProxies: trustedProxiesOf(env),
    webhookAllowPrivate: truthy(env.WEBHOOK_ALLOW_PRIVATE),
    webhookCaFile: env.WEBHOOK_CA_FILE || undefined,
    cnameTarget: env.CNAME_TARGET ?? `cname.${defaultHostname}`,
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    logRedirects: logRedirectsOf(env),
    plugins: list(env.PLUGINS),
    monitorIntervalMs: Number(env.MONITOR_INTERVAL_MS ?? 3_600_000),
    deliveryPruneIntervalMs: Number(env.DELIVERY_PRUNE_INTERVAL_MS ?? 3_600_000),
    jobLockMs: Number(env.JOB_LOCK_MS ?? 30_000),
    clickRetentionDays: env.CLICK_RETENTION_DAYS ? positiveInteger('CLICK_RETENTION_DAYS', env.CLICK_RETENTION_DAYS) : undefined,
    liveStreamsMax: env.LIVE_STREAMS_MAX ? positiveInteger('LIVE_STREAMS_MAX', env.LIVE_STREAMS_MAX, '') : 1000,
    liveRecheckMs: env.LIVE_RECHECK_MS ? positiveInteger('LIVE_RECHECK_MS', env.LIVE_RECHECK_MS, ' of milliseconds') : 5000,
    bodyBytesInFlightMax: env.BODY_BYTES_IN_FLIGHT_MAX
      ? positiveInteger('BODY_BYTES_IN_FLIGHT_MAX', env.BODY_BYTES_IN_FLIGHT_MAX, ' of bytes')
      : 64 * 1024 * 1024,
    clickSpoolReserveMb: clickSpoolReserveMbOf(env.CLICK_SPOOL_RESERVE_MB),
    gaEndpoint: env.GA_ENDPOINT ?? 'https://www.google-analytics.com/mp/collect',
    fbEndpoint: env.FB_ENDPOINT ?? 'https://graph.facebook.com/v19.0',
  };
  return { ...config, ...overrides };
}

/** loadConfig for an entry point (server, worker): a refused setting is printed as it is, and the process exits 1. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
