import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { ApiFailure, failureMessage } from '../../api';

/**
 * An API refusal as a form shows it: `path` is the request field at fault as the API names it (`rules.0.conditions.1.value`);
 * `cause` what was thrown (an ApiFailure, for FailureNotice to react to its code).
 */
export interface FormError {
  message: string;
  cause: unknown;
  path?: string;
}

/** `within`: the body object the form's fields live in (a template's `config`), left off the path. */
export const failureOf = (error: unknown, within?: string): FormError => {
  const message = failureMessage(error);
  if (!(error instanceof ApiFailure)) return { message, cause: error };
  const path = within && error.field?.startsWith(`${within}.`) ? error.field.slice(within.length + 1) : error.field;
  return { message, cause: error, path };
};

const ErrorContext = createContext<FormError | undefined>(undefined);
export const FormErrorProvider = ErrorContext.Provider;

/** Whether `path` is `wanted`; `tags.*` also takes the field's parts (`tags.1`: one input holds the whole list). */
const isAt = (path: string, wanted: string) => (wanted.endsWith('.*') ? path === wanted.slice(0, -2) || path.startsWith(wanted.slice(0, -1)) : path === wanted);

/** The API's message when it concerns this field (or one of these paths). */
export function useFieldError(wanted: string | string[]): string | undefined {
  const error = useContext(ErrorContext);
  const path = error?.path;
  if (!path) return undefined;
  return (Array.isArray(wanted) ? wanted : [wanted]).some((w) => isAt(path, w)) ? error.message : undefined;
}

/**
 * The API's message for a section: about the section's field as a whole or about a part of it
 * no input of the section shows on its own (`shown` says which paths have their own input).
 */
export function useSectionError(field: string, shown: (path: string) => boolean): string | undefined {
  const error = useContext(ErrorContext);
  const path = error?.path;
  if (!path || !(path === field || path.startsWith(`${field}.`))) return undefined;
  return shown(path) ? undefined : error.message;
}
