import type { Static } from '@sinclair/typebox';
import type { Config } from '../../core/config';
import type { LinkSnapshot } from '../../core/hooks';
import { fieldsWith, type LinkField, type LinkFields } from './fields';
import type { Link } from './model';
import type { links } from './schema';

export type LinkRow = typeof links.$inferSelect;

/** A link as the API answers it: the fields of LINK_FIELDS that have an `output`, in table order. */
export type LinkView = Static<typeof Link>;

const shown = fieldsWith('output');

export function linkView(row: LinkRow, config: Config): LinkView {
  const view: Record<string, unknown> = {};
  for (const [name, field] of shown) view[name] = field.view ? field.view(row, config) : row[field.column!];
  return view as LinkView;
}

type SnapshotKey = { [K in keyof LinkFields]: LinkFields[K] extends { snapshot: unknown } ? K : never }[keyof LinkFields];
type SnapshotValue<F> = F extends { snapshot: (row: LinkRow) => infer R } ? R : F extends { column: infer C extends keyof LinkRow } ? LinkRow[C] : never;

/** The link fields the redirect needs (the fields of LINK_FIELDS with `snapshot`); `note` and the password hash stay out of every cache. */
type LinkSnapshotFields = { [K in SnapshotKey]: SnapshotValue<LinkFields[K]> };

/*
 * LinkSnapshot is declared by hand where stages and plugins read it (the hook types); the table
 * must give exactly its fields: a field marked `snapshot` without a LinkSnapshot entry, or the
 * reverse, fails to compile here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type SnapshotMatchesTable = Holds<Same<LinkSnapshotFields, Omit<LinkSnapshot, 'workspace'>>>;

const snapshotted = fieldsWith('snapshot') as [string, LinkField & { snapshot: NonNullable<LinkField['snapshot']> }][];

export function linkSnapshot(row: LinkRow): Omit<LinkSnapshot, 'workspace'> {
  const snapshot: Record<string, unknown> = {};
  for (const [name, field] of snapshotted) snapshot[name] = field.snapshot === true ? row[field.column!] : field.snapshot(row);
  return snapshot as LinkSnapshotFields;
}
