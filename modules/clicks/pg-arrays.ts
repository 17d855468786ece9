/**
 * PostgreSQL array literals for set-based statements: PostgreSQL parses them faster than the same
 * values as one JSON document (measured on the click batch's statements).
 */
export const pgArray = (values: number[]) => `{${values.join(',')}}`;

/** A text array literal: every element quoted, `"` and `\` escaped, null as NULL (also for uuid[], date[], jsonb[] casts). */
export const pgTextArray = (values: (string | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
