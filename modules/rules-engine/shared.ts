/** The rule vocabulary: pure data, shared by the validator, the model and the dashboard (runs in the browser). */

export const OPERATORS = ['eq', 'neq', 'contains', 'starts_with', 'in', 'not_in', 'gt', 'lt', 'between'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Fields every plan with rules may use, and the extended ones of Team and Agency. */
export const PRO_FIELDS = ['country', 'continent', 'device', 'os', 'browser'] as const;
export const EXTENDED_FIELDS = ['language', 'referrer', 'time', 'day', 'query', 'cookie', 'click_count'] as const;
export type Field = (typeof PRO_FIELDS)[number] | (typeof EXTENDED_FIELDS)[number];

/**
 * How a field compares: `category` values are one of a fixed set, `text` is free text, `time`
 * (HH:MM UTC) and `number` are ordered. The operators each kind accepts; any other pair is a 400.
 */
type Kind = 'category' | 'text' | 'time' | 'number';
export const FIELD_KIND: Record<Field, Kind> = {
  country: 'category',
  continent: 'category',
  device: 'category',
  os: 'text',
  browser: 'text',
  language: 'category',
  referrer: 'text',
  time: 'time',
  day: 'category',
  query: 'text',
  cookie: 'text',
  click_count: 'number',
};
export const KIND_OPERATORS: Record<Kind, readonly Operator[]> = {
  category: ['eq', 'neq', 'in', 'not_in'],
  text: ['eq', 'neq', 'contains', 'starts_with', 'in', 'not_in'],
  time: ['eq', 'neq', 'gt', 'lt', 'between'],
  number: ['eq', 'neq', 'gt', 'lt', 'between', 'in', 'not_in'],
};
export const operatorsOf = (field: Field) => KIND_OPERATORS[FIELD_KIND[field]];
