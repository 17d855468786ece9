/** What a `/linkhop …` command asks for, read from the command's `text`. */
export type SlackRequest =
  | { kind: 'help' }
  | { kind: 'shorten'; target: string; slug?: string }
  | { kind: 'stats'; link: string }
  | { kind: 'usage'; problem: string };

/**
 * Slack sends `&`, `<` and `>` of the typed text as HTML entities, and a link as `<url>` or
 * `<url|label>` when the command escapes links: the text as the person typed it.
 */
export function unescapeSlack(word: string): string {
  const link = /^<([a-z][a-z0-9+.-]*:[^|>]*)(?:\|[^>]*)?>$/i.exec(word);
  return (link ? link[1]! : word).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

export function parseCommandText(text: string): SlackRequest {
  const words = text.trim().split(/\s+/).filter(Boolean).map(unescapeSlack);
  const [first, ...rest] = words;
  if (first === undefined || first.toLowerCase() === 'help') return { kind: 'help' };
  if (first.toLowerCase() === 'stats') {
    if (rest.length !== 1) return { kind: 'usage', problem: 'Name one short link: `/linkhop stats https://…/abc` or `/linkhop stats abc`' };
    return { kind: 'stats', link: rest[0]! };
  }
  if (rest.length > 1) return { kind: 'usage', problem: 'Give a URL and at most one back-half: `/linkhop https://example.com/page [back-half]`' };
  return { kind: 'shorten', target: first, slug: rest[0] };
}

/** Slack's own escaping of `&`, `<` and `>` (mrkdwn): echoed input cannot become a mention, a link or markup. */
export const escapeSlack = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
