import type { ComponentChildren } from 'preact';

export interface Column<Row> {
  /** the column header, also the label a cell shows when rows stack as cards on narrow screens */
  label: string;
  cell(row: Row): ComponentChildren;
  /** the cell that names the row: a row header (`<th scope="row">`) shown in bold */
  rowHeader?: boolean;
  /** right-aligned tabular figures */
  numeric?: boolean;
}

interface DataTableProps<Row> {
  /** read by screen readers only; say what the rows are and how many ("API keys, 3 in all") */
  caption: string;
  rows: Row[];
  rowKey(row: Row): string;
  columns: Column<Row>[];
  /** the row's buttons, under a visually hidden "Actions" header; give each button the row's name in its accessible name */
  actions?(row: Row): ComponentChildren;
}

/**
 * The dashboard's list table. Wide screens get a table; below 760px each row becomes a card whose
 * cells stack with their column label, so nothing scrolls sideways at 375px.
 */
export function DataTable<Row>({ caption, rows, rowKey, columns, actions }: DataTableProps<Row>) {
  return (
    <div class="table-wrap">
      <table class="data-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" class={column.numeric ? 'number' : undefined}>
                {column.label}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.label} scope="row" class="row-name">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} data-label={column.label} class={column.numeric ? 'number' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
              {actions && <td class="actions-cell">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
