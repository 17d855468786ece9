/**
 * The one tag rule, pure so the dashboard's editor (in the browser) shows what the API stores.
 * People type tags (the editor, a CSV cell) as "Q4 Campaign"; the stored form is the spec's
 * `[a-z0-9_-]`, at most 32 characters. Case and spaces are forgiven (lowercased, runs of
 * whitespace → one hyphen); any other character is left in place so the check names it instead of
 * silently dropping it.
 */
export const TAG_PATTERN = /^[a-z0-9_-]{1,32}$/;

export function normaliseTag(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '-');
}

/** `"Summer Sale, q1|Q1"` → `['summer-sale', 'q1']`: split on `,` or `|`, each normalised, empties and repeats dropped. */
export function parseTagList(text: string): string[] {
  return [...new Set(text.split(/[,|]/).map(normaliseTag).filter(Boolean))];
}
