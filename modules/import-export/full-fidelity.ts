import type { Config } from '../../core/config';
import { fieldsWith, type ImportedHistory, type LinkRow, linkView } from '../links';
import { droppedCode, type ImportItem, type ImportTarget } from './rows';

/**
 * Linkhop's full-fidelity export: one JSON object a line (JSON Lines), each a link as the API
 * answers it (every field a create accepts, bar the password, which is stored only as a hash and
 * never leaves) plus its history: `click_count` measured here, `imported_clicks` and
 * `imported_from` brought by an earlier import. Importing the file into an empty workspace gives
 * the same links: slugs kept where the domain allows, created_at and updated_at kept, and every
 * click (measured or imported) carried as imported clicks.
 */
export function linkLine(row: LinkRow, config: Config): string {
  return JSON.stringify({ ...linkView(row, config), imported_clicks: Number(row.importedClicks), imported_from: row.importedFrom });
}

/** The fields a create takes (the password too: a file may set one; an export never carries it). */
const writable = fieldsWith('input')
  .map(([name]) => name)
  .filter((name) => name !== 'domain' && name !== 'slug');

const dateOf = (value: unknown) => {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isFinite(date.getTime()) && date.getTime() <= Date.now() ? date : undefined;
};
const count = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/**
 * One line of a full-fidelity export as a create body. The link keeps its domain when that domain
 * is the default one or one of this workspace's (`domainOf` answers how it resolves, or undefined),
 * else it goes to the import's domain, with a warning.
 */
export async function linkItem(
  record: unknown,
  fallback: ImportTarget,
  domainOf: (domain: string) => Promise<ImportTarget | undefined>,
  row: number,
): Promise<ImportItem> {
  const warnings: ImportItem['warnings'] = [];
  if (typeof record !== 'object' || record === null || Array.isArray(record))
    return { row, line: row, warnings, error: { reason: 'Not a link: each line is a JSON object', code: 'invalid' } };
  const link = record as Record<string, unknown>;
  if (link.target === undefined || link.target === null || link.target === '')
    return { row, line: row, warnings, error: { reason: 'Missing target URL', field: 'target', code: 'required' } };
  const input: Record<string, unknown> = {};
  for (const name of writable) if (link[name] !== undefined) input[name] = link[name];

  let to = fallback;
  if (typeof link.domain === 'string' && link.domain !== fallback.domain) {
    const own = await domainOf(link.domain);
    if (own) to = own;
    else warnings.push({ field: 'domain', reason: `Domain "${link.domain.slice(0, 253)}" is not one of this workspace's: imported on ${fallback.domain}` });
  }
  input.domain = to.domain;
  if (typeof link.slug === 'string' && link.slug) {
    if (to.generatesSlugs) warnings.push({ field: 'slug', reason: droppedCode(link.slug) });
    else input.slug = link.slug;
  }
  if (link.has_password === true && link.password === undefined)
    warnings.push({ field: 'password', reason: 'The link had a password, which exports never carry: set it again' });

  const history: ImportedHistory = {
    importedFrom: typeof link.imported_from === 'string' && link.imported_from ? link.imported_from.slice(0, 40) : 'linkhop',
    importedClicks: count(link.click_count) + count(link.imported_clicks),
  };
  const created = dateOf(link.created_at);
  if (created) history.createdAt = created;
  const updated = dateOf(link.updated_at);
  if (updated) history.updatedAt = updated;
  return { row, line: row, input, history, warnings };
}
