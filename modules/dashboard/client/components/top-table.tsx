import type { ComponentChildren } from 'preact';

const number = new Intl.NumberFormat('en');
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Germany (DE)" for an ISO code, the code itself when the browser does not know it. */
export function countryName(code: string | null) {
  if (!code) return 'Unknown';
  try {
    return `${regions.of(code.toUpperCase()) ?? code} (${code.toUpperCase()})`;
  } catch {
    return code;
  }
}

export interface TopRow {
  label: ComponentChildren;
  clicks: number;
  key: string;
  /** given: the label is a button that filters the page by this row */
  onPick?: () => void;
  /** shown after the label (a link to the row's own page) */
  extra?: ComponentChildren;
}

/** Clicks (or another count: `heading`, `format`) per something (a country, a day…) as a two-column table. */
export function CountsTable({
  column,
  rows,
  heading = 'Clicks',
  format = (n: number) => number.format(n),
}: {
  column: string;
  rows: TopRow[];
  heading?: string;
  format?: (n: number) => string;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{column}</th>
          <th scope="col" class="number">
            {heading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>
              {row.onPick ? (
                <button type="button" class="row-filter" onClick={row.onPick}>
                  <span class="visually-hidden">Filter by </span>
                  {row.label}
                </button>
              ) : (
                row.label
              )}
              {row.extra}
            </td>
            <td class="number">{format(row.clicks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A "most clicks first" breakdown as a small table; `empty` says what no rows means. */
export function TopTable({ title, column, rows, empty = 'No clicks yet.' }: { title: string; column: string; rows: TopRow[]; empty?: string }) {
  return (
    <section class="panel" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p class="muted">{empty}</p> : <CountsTable column={column} rows={rows} />}
    </section>
  );
}
