import { parseTagList } from '../../../../links/shared';
import type { ApiBody } from '../../api';
import { DEEP_LINK_URL_FIELDS, type ApiRule, type DeepLinkUrlField, type Link } from './types';

/**
 * The request bodies the editor sends. Its values go as typed (a weight "ten", an operator the field does not
 * take) so that the API checks them and names the field at fault: they are declared to be these types, not proven.
 */
export type LinkCreateBody = ApiBody<'post', '/api/workspaces/{wsId}/links'>;
export type LinkPatchBody = ApiBody<'patch', '/api/workspaces/{wsId}/links/{linkId}'>;

/**
 * The editor's state: what the inputs hold (strings, as typed). `toBody` turns it into the API's
 * link fields, with `null` for what is empty; nothing is checked here: the API's messages are
 * shown next to the fields they name.
 */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

export interface ConditionForm {
  field: string;
  operator: string;
  key: string;
  value: string;
  to: string;
}
export interface RuleForm {
  name: string;
  conditions: ConditionForm[];
  url: string;
}
export interface PairForm {
  key: string;
  url: string;
}
export interface VariantForm {
  name: string;
  url: string;
  weight: string;
}
export interface StepForm {
  url: string;
  title: string;
}

export interface LinkForm {
  /** new links only: a template whose settings fill what the form leaves empty */
  templateId: string;
  target: string;
  domain: string;
  slug: string;
  title: string;
  note: string;
  tags: string;
  utm: Record<UtmKey, string>;
  expiresAt: string;
  fallbackUrl: string;
  password: string;
  removePassword: boolean;
  redirectType: '301' | '302';
  rules: RuleForm[];
  geo: PairForm[];
  device: Record<string, string>;
  os: Record<string, string>;
  variants: VariantForm[];
  steps: StepForm[];
  loop: boolean;
  deepLink: Record<DeepLinkUrlField, string>;
  deepLinkPage: boolean;
  interstitialOn: boolean;
  interstitial: { title: string; body: string; ctaText: string; delay: string; showOnce: boolean; bgColor: string; textColor: string; buttonColor: string };
  ogTitle: string;
  ogDescription: string;
  ogImage: string;
  monitoring: boolean;
  trackConversions: boolean;
}

/** Operators taking a list of values (typed comma-separated), and `between`'s two bounds. */
export const LIST_OPERATORS = new Set(['in', 'not_in']);

const definedOnly = (map: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(map ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
const emptyRecord = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export const emptyCondition = (): ConditionForm => ({ field: 'country', operator: 'eq', key: '', value: '', to: '' });
export const emptyRule = (n: number): RuleForm => ({ name: `Rule ${n}`, conditions: [emptyCondition()], url: '' });

/** `datetime-local` works in the person's own time zone; the API in ISO 8601 UTC. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const fromLocalInput = (value: string) => {
  if (!value) return null;
  const date = new Date(value);
  // an unparsable value goes to the API as typed, so its message says what is wrong
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

function conditionForm(c: ApiRule['conditions'][number]): ConditionForm {
  const values = (Array.isArray(c.value) ? c.value : [c.value]).map(String);
  if (c.operator === 'between') return { field: c.field, operator: c.operator, key: c.key ?? '', value: values[0] ?? '', to: values[1] ?? '' };
  return { field: c.field, operator: c.operator, key: c.key ?? '', value: values.join(', '), to: '' };
}

/**
 * The form of a loaded link, or of a template's partial link (absent fields stay empty), or of a new one (undefined;
 * tracking conversions when `trackDefault`, the workspace's default, says so); `domain` is '' for the default domain.
 */
export function formOf(link: Partial<Link> | undefined, defaultDomain?: string, trackDefault = false): LinkForm {
  const style = link?.interstitial?.style ?? {};
  return {
    templateId: '',
    target: link?.target ?? '',
    domain: link?.domain === undefined || link.domain === defaultDomain ? '' : link.domain,
    slug: link?.slug ?? '',
    title: link?.title ?? '',
    note: link?.note ?? '',
    tags: (link?.tags ?? []).join(', '),
    utm: { ...emptyRecord(UTM_KEYS), ...(link?.utm_params ?? {}) },
    expiresAt: toLocalInput(link?.expires_at ?? null),
    fallbackUrl: link?.fallback_url ?? '',
    password: '',
    removePassword: false,
    redirectType: link?.redirect_type === 301 ? '301' : '302',
    rules: (link?.rules ?? []).map((r, i) => ({ name: r.name ?? `Rule ${i + 1}`, conditions: r.conditions.map(conditionForm), url: r.action.url })),
    geo: Object.entries(link?.routing_rules?.geo ?? {}).map(([key, url]) => ({ key, url })),
    device: definedOnly(link?.routing_rules?.device),
    os: definedOnly(link?.routing_rules?.os),
    variants: (link?.ab_variants ?? []).map((v) => ({ name: v.name, url: v.url, weight: String(v.weight) })),
    steps: (link?.sequence?.urls ?? []).map((s) => ({ url: s.url, title: s.title ?? '' })),
    loop: link?.sequence?.loop ?? false,
    deepLink: { ...emptyRecord(DEEP_LINK_URL_FIELDS), ...Object.fromEntries(DEEP_LINK_URL_FIELDS.map((f) => [f, link?.deep_link?.[f] ?? ''])) },
    deepLinkPage: link?.deep_link?.interstitial ?? false,
    interstitialOn: Boolean(link?.interstitial),
    interstitial: {
      title: link?.interstitial?.title ?? '',
      body: link?.interstitial?.body ?? '',
      ctaText: link?.interstitial?.cta_text ?? 'Continue',
      delay: String(link?.interstitial?.delay ?? 5),
      showOnce: link?.interstitial?.show_once ?? true,
      bgColor: style.bg_color ?? '#ffffff',
      textColor: style.text_color ?? '#1b1f24',
      buttonColor: style.button_color ?? '#0a58ca',
    },
    ogTitle: link?.og_title ?? '',
    ogDescription: link?.og_description ?? '',
    ogImage: link?.og_image ?? '',
    monitoring: link?.monitoring ?? false,
    trackConversions: link?.track_conversions ?? trackDefault,
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
/** A number typed in a field: sent as a number when it is one, else as typed (the API names the problem). */
const numberOrText = (value: string) => (/^-?\d+$/.test(value.trim()) ? Number(value) : value);
const nonEmptyMap = (entries: [string, string][]) => {
  const filled = entries.filter(([key, url]) => key.trim() !== '' || url.trim() !== '').map(([key, url]) => [key.trim(), url.trim()]);
  return filled.length ? Object.fromEntries(filled) : undefined;
};

function conditionBody(c: ConditionForm) {
  const value = c.operator === 'between' ? [c.value.trim(), c.to.trim()] : LIST_OPERATORS.has(c.operator) ? list(c.value) : c.value.trim();
  return { field: c.field, operator: c.operator, value, ...(c.field === 'query' || c.field === 'cookie' ? { key: c.key.trim() } : {}) };
}

/** Every link field the form holds, as the API takes them (the password only when typed). */
export function toBody(form: LinkForm): Record<string, unknown> {
  const utmEntries = UTM_KEYS.filter((k) => form.utm[k].trim() !== '').map((k) => [k, form.utm[k].trim()]);
  const routing = {
    geo: nonEmptyMap(form.geo.map((g) => [g.key.toUpperCase(), g.url])),
    device: nonEmptyMap(Object.entries(form.device)),
    os: nonEmptyMap(Object.entries(form.os)),
  };
  const hasRouting = Object.values(routing).some(Boolean);
  const deepLinkEntries = DEEP_LINK_URL_FIELDS.filter((f) => form.deepLink[f].trim() !== '').map((f) => [f, form.deepLink[f].trim()]);
  const i = form.interstitial;
  const body: Record<string, unknown> = {
    target: form.target.trim(),
    domain: form.domain,
    // where slugs are generated the form holds none (AddressSection clears it on a move there: a new one is drawn)
    slug: text(form.slug),
    title: text(form.title),
    note: text(form.note),
    tags: parseTagList(form.tags).length ? parseTagList(form.tags) : null,
    utm_params: utmEntries.length ? Object.fromEntries(utmEntries) : null,
    expires_at: fromLocalInput(form.expiresAt),
    fallback_url: text(form.fallbackUrl),
    redirect_type: Number(form.redirectType),
    rules: form.rules.length
      ? form.rules.map((r) => ({ name: r.name.trim(), conditions: r.conditions.map(conditionBody), action: { type: 'redirect', url: r.url.trim() } }))
      : null,
    routing_rules: hasRouting ? Object.fromEntries(Object.entries(routing).filter(([, v]) => v)) : null,
    ab_variants: form.variants.length ? form.variants.map((v) => ({ name: v.name.trim(), url: v.url.trim(), weight: numberOrText(v.weight) })) : null,
    sequence: form.steps.length
      ? { urls: form.steps.map((s) => ({ url: s.url.trim(), ...(s.title.trim() ? { title: s.title.trim() } : {}) })), loop: form.loop }
      : null,
    deep_link: deepLinkEntries.length || form.deepLinkPage ? { ...Object.fromEntries(deepLinkEntries), interstitial: form.deepLinkPage } : null,
    interstitial: form.interstitialOn
      ? {
          title: i.title,
          ...(i.body.trim() ? { body: i.body } : {}),
          cta_text: i.ctaText,
          delay: numberOrText(i.delay),
          show_once: i.showOnce,
          style: { bg_color: i.bgColor, text_color: i.textColor, button_color: i.buttonColor },
        }
      : null,
    og_title: text(form.ogTitle),
    og_description: text(form.ogDescription),
    og_image: text(form.ogImage),
    monitoring: form.monitoring,
    track_conversions: form.trackConversions,
  };
  if (form.password !== '') body.password = form.password;
  else if (form.removePassword) body.password = null;
  return body;
}

/**
 * A new link: the fields that hold something (empty ones take the template's values or the API's defaults, e.g. the
 * workspace's UTM parameters); `track_conversions` only when it differs from the workspace's default `trackDefault`.
 */
export function createBody(form: LinkForm, trackDefault = false): LinkCreateBody {
  const body = toBody(form);
  const given = Object.fromEntries(
    Object.entries(body).filter(
      ([key, value]) =>
        value !== null &&
        value !== '' &&
        !(key === 'monitoring' && value === false) &&
        !(key === 'redirect_type' && value === 302) &&
        !(key === 'track_conversions' && value === trackDefault),
    ),
  );
  return (form.templateId ? { ...given, template_id: form.templateId } : given) as LinkCreateBody;
}

/** A PATCH: only the fields that differ from what was loaded (so the audit and `link.updated` name just those). */
export function patchBody(loaded: LinkForm, form: LinkForm): LinkPatchBody {
  const before = toBody(loaded);
  const after = toBody(form);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]))) as LinkPatchBody;
}
