import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { ApiFailure, fieldOfError } from '../../api';

/** Governance messages end with the policy they enforce: the field a person changes to meet it. */
const POLICY_FIELDS: Record<string, string> = {
  require_utm: 'utm_params',
  require_tags: 'tags',
  require_title: 'title',
  max_expiry_days: 'expires_at',
  blocked_domains: 'target',
  allowed_domains: 'target',
};

/**
 * The link field an API message concerns, with its position for the structured fields:
 * "Invalid rules[0].conditions[1].value: …" → "rules[0].conditions[1].value".
 */
export function errorPath(message: string): string | undefined {
  const indexed = /^Invalid ([a-z_]+(?:\[\d+\]|\.[a-z_]+)*)\s*:/.exec(message);
  if (indexed) return indexed[1];
  const policy = /\((require_utm|require_tags|require_title|max_expiry_days|blocked_domains|allowed_domains)\)$/.exec(message);
  if (policy) return POLICY_FIELDS[policy[1]!];
  if (/^Invalid tag |^Too many tags/.test(message)) return 'tags';
  if (/^Too many rules/.test(message)) return 'rules';
  if (/^Custom slugs need|^Slug ".*" already exists/.test(message)) return 'slug';
  return fieldOfError(message);
}

export interface FormError {
  message: string;
  status: number;
  path?: string;
}

export const failureOf = (error: unknown): FormError => {
  const message = error instanceof Error ? error.message : String(error);
  return { message, status: error instanceof ApiFailure ? error.status : 0, path: errorPath(message) };
};

const ErrorContext = createContext<FormError | undefined>(undefined);
export const FormErrorProvider = ErrorContext.Provider;

/** The API's message when it concerns exactly this field (or one of these paths). */
export function useFieldError(path: string | string[]): string | undefined {
  const error = useContext(ErrorContext);
  if (!error?.path) return undefined;
  return (Array.isArray(path) ? path.includes(error.path) : error.path === path) ? error.message : undefined;
}

/**
 * The API's message for a section: about the section's field as a whole or about a part of it
 * no input of the section shows on its own (`shown` says which paths have their own input).
 */
export function useSectionError(field: string, shown: (path: string) => boolean): string | undefined {
  const error = useContext(ErrorContext);
  const path = error?.path;
  if (!path || !(path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`))) return undefined;
  return shown(path) ? undefined : error.message;
}
