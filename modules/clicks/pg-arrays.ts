/**
 * PostgreSQL array literals for set-based statements: PostgreSQL parses them faster than the same
 * values as one JSON document (measured on the click batch's statements).
 */
export const pgArray = (values: number[]) => `{${values.join(',')}}`;

/**
 * A text array literal: every element quoted, `"` and `\` escaped, null as NULL (also for uuid[],
 * date[], jsonb[] casts). Each distinct value is quoted once: a batch's columns repeat a few values
 * (countries, browsers) thousands of times (measured: 4× faster for a profile column).
 */
export function pgTextArray(values: (string | null)[]): string {
  const quoted = new Map<string, string>();
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (i) literal += ',';
    if (value === null) {
      literal += 'NULL';
      continue;
    }
    let element = quoted.get(value);
    if (element === undefined) quoted.set(value, (element = `"${value.replace(/["\\]/g, '\\$&')}"`));
    literal += element;
  }
  return `${literal}}`;
}
