const number = new Intl.NumberFormat('en');

/** The tools an import reads (the API's `imported_from`), as people name them. */
const TOOL_NAMES: Record<string, string> = { bitly: 'Bitly', yourls: 'YOURLS', shlink: 'Shlink', kutt: 'Kutt', linkhop: 'another Linkhop' };

/**
 * "1,204 clicks imported from Bitly": the total the link's old tool counted, kept apart from every
 * measured number (the API never adds it to clicks or the series). Nothing for a link made here.
 */
export function ImportedNote({ clicks, from }: { clicks: number | undefined; from: string | null | undefined }) {
  if (!clicks) return null;
  const tool = (from && TOOL_NAMES[from]) ?? 'the old tool';
  return (
    <p class="muted imported-note">
      {number.format(clicks)} {clicks === 1 ? 'click' : 'clicks'} imported from {tool}: counted there before the link came here, and not in the numbers above.
    </p>
  );
}
