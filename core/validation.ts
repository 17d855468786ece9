import { Kind, Type, TypeRegistry, type IntegerOptions, type Static, type TInteger, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { type ApiError, badRequest } from './errors';

const DIGITS = /^-?\d{1,15}$/;

const QUERY_INTEGER = 'QueryInteger';
const inRange = (schema: IntegerOptions, n: number) =>
  Number.isSafeInteger(n) && (schema.minimum === undefined || n >= Number(schema.minimum)) && (schema.maximum === undefined || n <= Number(schema.maximum));
TypeRegistry.Set<IntegerOptions>(QUERY_INTEGER, (schema, value) =>
  typeof value === 'number' ? inRange(schema, value) : typeof value === 'string' && DIGITS.test(value) && inRange(schema, Number(value)),
);

/**
 * An integer query parameter. A query string carries it as digits, which this accepts and turns
 * into a number; the OpenAPI document shows a plain `integer` with its bounds (Elysia's `t.Numeric`
 * would document `string | number` and answer range errors without naming the parameter).
 */
export const QueryInt = (options: IntegerOptions = {}) =>
  // typed as what the handler gets (Elysia types its own numeric query helpers the same way)
  Type.Transform(Type.Unsafe<string | number>({ ...options, [Kind]: QUERY_INTEGER, type: 'integer' }))
    .Decode((value) => Number(value))
    .Encode((value) => value) as unknown as TInteger;

const ARTICLE: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** What a value should have been, in our words (never TypeBox's), from the schema it failed. */
function expectation(schema: TSchema | undefined, value: unknown): string {
  if (!schema) return 'is invalid';
  if (typeof schema.error === 'string') return schema.error;
  const options: TSchema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (options) {
    const constants = options.filter((s) => s.const !== undefined).map((s) => String(s.const));
    if (constants.length === options.length) return `expected one of ${constants.join(', ')}`;
    const nonNull = options.filter((s) => s.type !== 'null');
    if (nonNull.length === 1) return expectation(nonNull[0], value).replace(/^expected (.*)$/, 'expected $1 or null');
    return `expected ${options.map((s) => ARTICLE[String(s.type)] ?? 'a valid value').join(' or ')}`;
  }
  const type = String(schema.type ?? '');
  const numeric = type === 'integer' || type === 'number';
  const n = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  if (numeric) {
    if (typeof n !== 'number' || (type === 'integer' && !Number.isInteger(n))) return `expected ${ARTICLE[type]}`;
    if (schema.maximum !== undefined && n > schema.maximum) return `at most ${schema.maximum}`;
    if (schema.minimum !== undefined && n < schema.minimum) return `at least ${schema.minimum}`;
    return `expected ${ARTICLE[type]}`;
  }
  if (type === 'string' && typeof value === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `at most ${schema.maxLength} characters`;
    if (schema.minLength !== undefined && value.length < schema.minLength) return `at least ${schema.minLength} characters`;
    return schema.format ? `expected ${schema.format === 'email' ? 'an e-mail address' : `a ${schema.format}`}` : 'has an invalid format';
  }
  if (type === 'array' && Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `at most ${schema.maxItems} items`;
    if (schema.minItems !== undefined && value.length < schema.minItems) return `at least ${schema.minItems} items`;
    return 'has an invalid item';
  }
  return ARTICLE[type] ? `expected ${ARTICLE[type]}` : 'is invalid';
}

/** A value longer than its schema allows: `too_long` rather than `invalid` (a nullable field's text too). */
function overLong(schema: TSchema | undefined, value: unknown): boolean {
  const options: TSchema[] | undefined = schema?.anyOf ?? schema?.oneOf;
  if (options) return options.some((option) => option.type !== 'null' && overLong(option, value));
  if (typeof value === 'string') return schema?.maxLength !== undefined && value.length > schema.maxLength;
  return Array.isArray(value) && schema?.maxItems !== undefined && value.length > schema.maxItems;
}

/**
 * The answer to a request Elysia's validation refused: the parameter (as `field`, its path joined by
 * `.`), what it should be, and a code.
 */
export function validationError(error: any): ApiError {
  const first = error?.all?.[0] ?? error?.valueError;
  if (!first) return badRequest('Invalid request');
  const field = String(first.path ?? '')
    .replace(/^\//, '')
    .replaceAll('/', '.');
  const where = error?.type === 'query' ? 'query parameter ' : '';
  if (!field) return badRequest(`Invalid request body: ${expectation(first.schema, first.value)}`);
  if (first.value === undefined) return badRequest(`${where}${field} is required`, { field, code: 'required' });
  const code = overLong(first.schema, first.value) ? 'too_long' : 'invalid';
  return badRequest(`Invalid ${where}${field}: ${expectation(first.schema, first.value)}`, { field, code });
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/**
 * A body checked in the handler, with the same messages as Elysia's validation: for a route whose
 * body comes in several forms (its own parser) and so declares no `body` schema.
 */
export function checkBody<T extends TSchema>(schema: T, value: unknown): Static<T> {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  if (!check.Check(value)) throw validationError({ all: [check.Errors(value).First()] });
  return value as Static<T>;
}

/** A whole ISO 8601 date or timestamp, its year in group 1 (`0000`, `10000`, `+275760` and `-000001` included). */
const ISO_DATE = /^([+-]\d{6}|\d{4,})-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d(?::?\d\d)?)?)?$/i;

/**
 * Why PostgreSQL would refuse this text, if it would: a NUL (refused by text and jsonb), a lone
 * UTF-16 surrogate (no UTF-8 form; jsonb refuses its escape), or a date outside the years 1–9999
 * that JavaScript parses and PostgreSQL does not store.
 */
function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'contains a NUL character';
  if (!text.isWellFormed()) return 'contains an unpaired UTF-16 surrogate (not valid Unicode)';
  const year = ISO_DATE.exec(text)?.[1];
  if (year !== undefined && !(Number(year) >= 1 && Number(year) <= 9999)) return 'the year must be between 1 and 9999';
  return undefined;
}

/**
 * The answer for the first string in `value` (keys included, at any depth) that the database cannot
 * store, naming where it is: `Invalid links.0.title: contains a NUL character` (field `links.0.title`;
 * a bad key names the object holding it). `where` names the part of the request (`query parameter `,
 * `path parameter ` or '' for the body). Iterative: a deeply nested body must not overflow the stack.
 */
export function unstorableInput(value: unknown, where = ''): ApiError | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    const name = (key: string) => (path ? `${path}.${key}` : key);
    const at = path ? { field: path } : {};
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return badRequest(path ? `Invalid ${where}${path}: ${problem}` : `Invalid request body: ${problem}`, at);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], name(String(i))]);
    } else if (item !== null && typeof item === 'object' && !(item instanceof Blob)) {
      const entries = Object.entries(item);
      for (const [key] of entries) {
        const problem = textProblem(key);
        if (problem)
          return badRequest(
            `Invalid ${where || 'field '}name ${JSON.stringify(key.replace(/[^\x20-\x7e]/g, '?'))}${path ? ` in ${path}` : ''}: ${problem}`,
            at,
          );
      }
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i]![1], name(entries[i]![0])]);
    }
  }
  return undefined;
}
