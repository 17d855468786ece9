import { errorPath } from '../links/errors';

/**
 * The field a workspace PATCH message is about. Most name it ("Invalid ga_id: …", "Invalid
 * default_utm_params.source: …"); these say it in words.
 */
export function settingsErrorPath(message: string): string | undefined {
  if (/^Invalid retargeting script URL/.test(message)) return 'retargeting_scripts';
  if (/^name cannot be empty/.test(message)) return 'name';
  const policy = /^Invalid governance policy: (?:unknown field )?([a-z_]+)/.exec(message);
  if (policy) return `governance.${policy[1]}`;
  return errorPath(message);
}
