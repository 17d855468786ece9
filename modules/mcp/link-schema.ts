import type { TSchema } from '@sinclair/typebox';
import { z } from 'zod';
import { FEATURE_MIN_PLAN, type Feature } from '../../core/plans';
import { fieldsWith } from '../links';

/**
 * The link fields of the MCP tools, derived from the links module's LINK_FIELDS: the same field
 * types as the REST bodies. Only the types are checked here: the links service checks every rule
 * (URLs, slug, tags, plan gates), so MCP gets the REST messages.
 */

/** The JSON schema kinds LINK_FIELDS uses; a reference (a field its module checks) takes any value. */
function zodOf(schema: TSchema): z.ZodType {
  const nullable = schema.anyOf?.find((s: TSchema) => s.type !== 'null');
  if (nullable) return zodOf(nullable).nullable();
  switch (schema.type) {
    case 'string':
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'integer':
      return z.number().int();
    case 'array':
      return z.array(zodOf(schema.items));
    case 'object':
      return z.record(z.string(), zodOf(Object.values(schema.patternProperties as Record<string, TSchema>)[0]!));
    default:
      return z.unknown();
  }
}

const PLANS = { pro: 'Pro+', team: 'Team or Agency', agency: 'Agency' } as const;
const planNote = (feature: Feature) => ` (${PLANS[FEATURE_MIN_PLAN[feature] as keyof typeof PLANS]})`;

/** The field's own description; a reference field has none: its `about`, with the plan it needs. */
const described = (schema: TSchema, about: string | undefined, feature: Feature | undefined) => {
  const own = schema.description ?? schema.anyOf?.find((s: TSchema) => s.description)?.description;
  const description = own ?? (about && about + (feature ? planNote(feature) : ''));
  return description ? zodOf(schema).describe(description) : zodOf(schema);
};

const writable = fieldsWith('input').map(([name, field]) => [name, described(field.input!, field.about, field.feature), field.required] as const);

/** create_link's input: the required fields as they are, the others optional. */
export const createLinkShape: z.ZodRawShape = Object.fromEntries(writable.map(([name, schema, required]) => [name, required ? schema : schema.optional()]));
/** update_link's fields: every one optional. */
export const updateLinkShape: z.ZodRawShape = Object.fromEntries(writable.map(([name, schema]) => [name, schema.optional()]));
