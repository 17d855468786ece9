import type { TObject, TSchema } from '@sinclair/typebox';
import { z } from 'zod';
import { FEATURE_MIN_PLAN, type Feature } from '../../core/plans';
import { CreateLinkBody, fieldsWith, PatchLinkBody } from '../links';

/*
 * The link fields of the MCP tools: the REST bodies' own schemas (CreateLinkBody, PatchLinkBody),
 * shown to the agent as they are. Zod takes any value for them: the tools check the arguments
 * against those schemas (linkCreateInput, linkPatchInput), so a wrong type answers the REST 400
 * with its field and code instead of the SDK's own message.
 */

const PLANS = { pro: 'Pro+', team: 'Team or Agency', agency: 'Agency' } as const;
const planNote = (feature: Feature) => ` (${PLANS[FEATURE_MIN_PLAN[feature] as keyof typeof PLANS]})`;
const about = new Map(fieldsWith('input').map(([name, field]) => [name, field.about && field.about + (field.feature ? planNote(field.feature) : '')]));

/** A field's JSON schema for the tool list: its own, or (a field its module checks, an OpenAPI reference the agent cannot follow) its `about`. */
function shown(name: string, schema: TSchema): Record<string, unknown> {
  const json = JSON.parse(JSON.stringify(schema)) as Record<string, unknown> & { anyOf?: Record<string, unknown>[] };
  const referenced = json.$ref !== undefined || json.anyOf?.some((s) => s.$ref !== undefined);
  const description = (json.description as string | undefined) ?? json.anyOf?.find((s) => s.description)?.description ?? about.get(name);
  if (referenced) return description ? { description } : {};
  return description ? { ...json, description } : json;
}

/** Each property of `body`, any value, described by its schema; the ones `body` requires stay required. */
function shapeOf(body: TObject): z.ZodRawShape {
  const required = new Set(body.required ?? []);
  return Object.fromEntries(
    Object.entries(body.properties).map(([name, schema]) => {
      const field = required.has(name) ? z.unknown() : z.unknown().optional();
      return [name, field.meta(shown(name, schema))];
    }),
  );
}

/** create_link's input: the create body. */
export const createLinkShape = shapeOf(CreateLinkBody);
/** update_link's fields: the PATCH body. */
export const updateLinkShape = shapeOf(PatchLinkBody);
