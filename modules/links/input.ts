import { checkBody } from '../../core/validation';
import { CreateLinkBody, type LinkCreate, type LinkPatch, PatchLinkBody } from './model';

/*
 * A link body that did not come through its route's schema (a bulk item, an import row, MCP
 * arguments, a plugin's call, a template's config), checked against the same schema: the same
 * answers ({error, field, code}) as the single create and the PATCH give.
 */

/** `value` as a create body, or the 400 the create route would answer. */
export const linkCreateInput = (value: unknown): LinkCreate => checkBody(CreateLinkBody, value);

/** `value` as a PATCH body, or the 400 the PATCH route would answer. */
export const linkPatchInput = (value: unknown): LinkPatch => checkBody(PatchLinkBody, value);
