const dayFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const momentFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar day as people read it ("Nov 23, 2026"), machine-readable in its `dateTime`. */
export function Day({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dayFormat.format(new Date(iso))}</time>;
}

/** A moment ("Nov 23, 2026, 2:32 PM"), machine-readable in its `dateTime`. */
export function Moment({ iso }: { iso: string }) {
  return <time dateTime={iso}>{momentFormat.format(new Date(iso))}</time>;
}

/** The same moment as plain text, for accessible names and messages. */
export const momentText = (iso: string) => momentFormat.format(new Date(iso));
