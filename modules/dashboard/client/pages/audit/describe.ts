import type { AuditAction } from '../../../../audit/shared';
import type { ApiAnswer } from '../../api';

/** One entry as GET /audit-log answers it; `details` is the JSON-encoded, action-specific data. */
export type AuditEntry = ApiAnswer<'get', '/api/workspaces/{wsId}/audit-log'>['entries'][number];

/** Each action in words, for the filter and the list. */
export const ACTION_WORDS: Record<AuditAction, string> = {
  'link.create': 'Created a link',
  'link.update': 'Changed a link',
  'link.delete': 'Deleted a link',
  'link.bulk_delete': 'Deleted links in bulk',
  'member.update_role': 'Changed a member’s role',
  'member.remove': 'Removed a member',
  'invite.create': 'Invited someone',
  'invite.accept': 'Accepted an invitation',
  'domain.add': 'Added a domain',
  'domain.verify': 'Checked a domain’s DNS',
  'domain.remove': 'Removed a domain',
  'api_key.create': 'Created an API key',
  'api_key.delete': 'Revoked an API key',
  'workspace.update': 'Changed workspace settings',
  'workspace.plan': 'An operator changed the plan',
  'workspace.delete': 'Deleted a client workspace',
  'client.create': 'Created a client workspace',
  'lead.create': 'Recorded a lead',
  'sale.create': 'Recorded a sale',
  'conversion.forward_failed': 'A conversion was not forwarded',
  'member.join_by_domain': 'Joined through single sign-on',
  'sso_domain.add': 'Added an SSO domain',
  'sso_domain.verify': 'Checked an SSO domain’s DNS',
  'sso_domain.update': 'Changed an SSO domain',
  'sso_domain.remove': 'Removed an SSO domain',
  'slack_link.create': 'Linked a Slack team',
  'slack_link.delete': 'Unlinked a Slack team',
  'oauth_app.authorize': 'Connected an app (OAuth)',
  'oauth_app.revoke': 'Disconnected an app (OAuth)',
};

const isKnownAction = (action: string): action is AuditAction => Object.hasOwn(ACTION_WORDS, action);

/** An action in words; one the page does not know (a plugin's `plugin:name.action`) as it is. */
export const actionWords = (action: string) => (isKnownAction(action) ? ACTION_WORDS[action] : action);

export type Details = Record<string, unknown>;
const isDetails = (value: unknown): value is Details => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An entry's `details` (its JSON text) as an object; a value that is not one as `{value}`. */
export function parseDetails(entry: { details: string }): Details {
  try {
    const parsed: unknown = JSON.parse(entry.details);
    return isDetails(parsed) ? parsed : { value: parsed };
  } catch {
    return { value: entry.details };
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** What the action was done to, in a few words ("go.example.com/spring", "ana@example.com"). */
export function targetOf(action: string, d: Details): string {
  const [kind] = action.split('.');
  if (kind === 'link') {
    if (action === 'link.bulk_delete') return `${d.count ?? 0} links`;
    const changes = isDetails(d.changes) ? d.changes : {};
    const domain = text(d.domain) ?? text(changes.domain);
    const slug = text(d.slug) ?? text(changes.slug);
    return domain && slug ? `${domain}/${slug}` : `Link ${text(d.id) ?? ''}`.trim();
  }
  if (kind === 'member' || kind === 'invite') return text(d.email) ?? text(d.user_id) ?? '';
  if (kind === 'domain' || kind === 'sso_domain') return text(d.domain) ?? '';
  if (kind === 'oauth_app') return text(d.client) ?? '';
  if (kind === 'slack_link') return text(d.name) ?? text(d.team_id) ?? '';
  if (kind === 'conversion') return text(d.destination) ?? '';
  if (kind === 'api_key') return text(d.name) ? `Key “${d.name}”` : '';
  if (kind === 'workspace' || kind === 'client') return text(d.name) ?? (kind === 'workspace' ? 'This workspace' : '');
  return '';
}

/** "links_deleted" → "Links deleted". */
export const fieldWords = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A value as text: nothing as "none", yes/no, lists joined, anything nested as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Ids mean nothing to a reader (the target names the thing): they stay in the raw JSON. */
const ID_FIELD = /^(id|ids|.+_id)$/;

/** A definition list's rows: `field: value`; `old_x`/`new_x` pairs as one "x: before → after"; `changes` spread as "x: new value". */
export function detailRows(d: Details): { field: string; value: string }[] {
  const rows: { field: string; value: string }[] = [];
  for (const [key, value] of Object.entries(d)) {
    if (ID_FIELD.test(key)) continue;
    if (key === 'changes' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [field, now] of Object.entries(value)) rows.push({ field: `${fieldWords(field)} (new)`, value: valueText(now) });
      continue;
    }
    const pair = /^(old|new)_(.+)$/.exec(key);
    if (pair) {
      if (pair[1] === 'new' && `old_${pair[2]}` in d) continue;
      const before = d[`old_${pair[2]}`];
      const after = d[`new_${pair[2]}`];
      rows.push({ field: fieldWords(pair[2]!), value: `${valueText(before)} → ${valueText(after)}` });
      continue;
    }
    rows.push({ field: fieldWords(key), value: valueText(value) });
  }
  return rows;
}

/** Who acted: their name and e-mail, a plugin by name, or the id the API gave when it names nobody. */
export function actorOf(entry: AuditEntry): { name: string; email?: string } {
  if (entry.user_email) return entry.user_name ? { name: entry.user_name, email: entry.user_email } : { name: entry.user_email };
  if (entry.user_id?.startsWith('plugin:')) return { name: `Plugin ${entry.user_id.slice('plugin:'.length)}` };
  return { name: entry.user_id ? `Former user ${entry.user_id}` : 'The system' };
}
