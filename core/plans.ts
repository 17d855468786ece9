/**
 * Every plan number and gate in one table: the documented limits as data.
 * Numbers the API reference leaves open (workspaces, members, domains, free-plan counts) are
 * chosen here and documented in docs/api.md (Plans); change them here and nowhere else.
 */
export const PLANS = ['free', 'pro', 'team', 'agency'] as const;
export type Plan = (typeof PLANS)[number];

export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const planRank = (plan: Plan) => PLANS.indexOf(plan);
export const roleRank = (role: Role) => ROLES.indexOf(role);
export const planAtLeast = (plan: Plan, minimum: Plan) => planRank(plan) >= planRank(minimum);
export const roleAtLeast = (role: Role, minimum: Role) => roleRank(role) >= roleRank(minimum);
export const isPlan = (v: unknown): v is Plan => PLANS.includes(v as Plan);
export const isRole = (v: unknown): v is Role => ROLES.includes(v as Role);

/** Which plan a feature first appears on. */
export const FEATURE_MIN_PLAN = {
  portfolios: 'pro',
  templates: 'pro',
  webhooks: 'pro',
  rules: 'pro',
  interstitial: 'pro',
  sequence: 'pro',
  deep_link: 'pro',
  stats: 'pro',
  conversions: 'pro',
  monitoring: 'pro',
  routing_rules: 'team',
  ab_variants: 'team',
  retargeting_scripts: 'team',
  governance: 'team',
  sso_domains: 'team',
  extended_rule_fields: 'team',
  clients: 'agency',
} as const satisfies Record<string, Plan>;
export type Feature = keyof typeof FEATURE_MIN_PLAN;

export const FEATURE_LABEL: Record<Feature, string> = {
  portfolios: 'portfolios',
  templates: 'templates',
  webhooks: 'webhooks',
  rules: 'rules (the rules engine)',
  interstitial: 'interstitials',
  sequence: 'sequences',
  deep_link: 'deep links',
  stats: 'stats',
  conversions: 'conversion tracking and its stats',
  monitoring: 'link monitoring checks',
  routing_rules: 'routing rules',
  ab_variants: 'A/B variants',
  retargeting_scripts: 'retargeting scripts',
  governance: 'governance policies',
  sso_domains: 'single sign-on domains (domain capture)',
  extended_rule_fields: 'rule fields language, referrer, time, day, query, cookie and click_count',
  clients: 'client workspaces',
};

const PLAN_LABEL: Record<Plan, string> = { free: 'Free', pro: 'Pro', team: 'Team', agency: 'Agency' };

export const hasFeature = (plan: Plan, feature: Feature) => planAtLeast(plan, FEATURE_MIN_PLAN[feature]);

/** The 402 message for a feature the plan lacks. */
export function featureMessage(feature: Feature): string {
  const min = FEATURE_MIN_PLAN[feature];
  const plans = min === 'agency' ? 'the Agency plan' : min === 'team' ? 'the Team or Agency plan' : `the ${PLAN_LABEL[min]} plan or higher`;
  return `Plan upgrade required: ${FEATURE_LABEL[feature]} need ${plans}`;
}

/** Count limits per plan. `Infinity` is never used: every count is bounded. */
export const PLAN_LIMITS = {
  /** workspaces a user may own, by the highest plan among the workspaces they own (client workspaces excluded) */
  ownedWorkspaces: { free: 3, pro: 10, team: 25, agency: 100 },
  /** members plus pending invites */
  members: { free: 3, pro: 10, team: 50, agency: 250 },
  customDomains: { free: 1, pro: 5, team: 25, agency: 100 },
  portfolios: { free: 0, pro: 3, team: 10, agency: 25 },
  templates: { free: 0, pro: 5, team: 20, agency: 50 },
  webhooks: { free: 0, pro: 3, team: 10, agency: 25 },
  rulesPerLink: { free: 0, pro: 5, team: 20, agency: 50 },
  tags: { free: 100, pro: 100, team: 100, agency: 100 },
  apiKeys: { free: 10, pro: 10, team: 10, agency: 10 },
  /** logos uploaded for QR codes (the same file again counts once) */
  qrLogos: { free: 20, pro: 20, team: 20, agency: 20 },
  clientWorkspaces: { free: 0, pro: 0, team: 0, agency: 100 },
} as const satisfies Record<string, Record<Plan, number>>;
export type LimitName = keyof typeof PLAN_LIMITS;

export const planLimit = (plan: Plan, limit: LimitName) => PLAN_LIMITS[limit][plan];

/** Fixed limits that do not vary by plan. */
export const LIMITS = {
  bulkItems: 100,
  importRows: 500,
  tagsPerLink: 10,
  tagLength: 32,
  tagDescription: 500,
  passwordMin: 8,
  linkPageMax: 100,
  webhookUrlMax: 2048,
  webhookTimeoutMs: 5000,
  /** deadline of the DNS lookups of one domain verification */
  dnsTimeoutMs: 3000,
  webhookLogDays: 7,
  /** `link.clicked` deliveries: at most this many clicks each… */
  webhookClicksPerDelivery: 100,
  /** …and a stored click waits at most this long for others to share its delivery */
  webhookClicksWindowMs: 5000,
  inviteDays: 7,
  clickExportRows: 10_000,
  portfolioLinksPerAdd: 50,
  templateName: 100,
} as const;

/** Rate limits: points per window. */
export const RATE_LIMITS = {
  linkCreate: { points: 30, durationSec: 10 },
  linkBulk: { points: 5, durationSec: 10 },
  /** import previews (`dry_run`) per workspace: a person trying columns and domains, apart from the bulk budget */
  importPreview: { points: 30, durationSec: 60 },
  domainVerify: { points: 1, durationSec: 10 },
  qr: { points: 30, durationSec: 60 },
  /** leads and sales together per workspace: a shop's server reporting sign-ups and orders, not a flood */
  track: { points: 3000, durationSec: 60 },
  passwordForm: { points: 10, durationSec: 60 },
  /** wrong passwords per link from all addresses together: many addresses guessing at once do not add up */
  passwordWrong: { points: 30, durationSec: 60 },
  /** visits to no link (unknown slug or host) per visitor IP: enumeration probes, not people */
  unknownLink: { points: 60, durationSec: 60 },
  /** per address and IP: nobody can spend another person's sign-in links */
  signInEmailIp: { points: 5, durationSec: 900 },
  signInIp: { points: 20, durationSec: 900 },
  /** failed operator-token attempts per IP */
  adminAuth: { points: 10, durationSec: 900 },
} as const;
