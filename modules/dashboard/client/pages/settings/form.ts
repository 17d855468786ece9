import type { ApiBody } from '../../api';
import { UTM_KEYS, type UtmKey } from '../links/form';
import type { WorkspaceSettings } from './types';

/** A stored secret as the form holds it: never its value (the API may send it, or a mask), only what the person does to it. */
export interface SecretChange {
  /** a new value typed by the person; '' keeps the stored one */
  typed: string;
  /** "Clear" pressed: saved as null */
  clear: boolean;
}

export interface SettingsForm {
  name: string;
  gaId: string;
  gaApiSecret: SecretChange;
  fbPixelId: string;
  fbAccessToken: SecretChange;
  /** one script URL a line */
  scripts: string;
  utm: Record<UtmKey, string>;
  expiredPageUrl: string;
  trackDefault: boolean;
  /** days, as typed */
  attributionWindow: string;
}

type SettingsPatch = ApiBody<'patch', '/api/workspaces/{wsId}'>;

const untouched = (): SecretChange => ({ typed: '', clear: false });

export function settingsFormOf(ws: WorkspaceSettings): SettingsForm {
  return {
    name: ws.name,
    gaId: ws.ga_id ?? '',
    gaApiSecret: untouched(),
    fbPixelId: ws.fb_pixel_id ?? '',
    fbAccessToken: untouched(),
    scripts: (ws.retargeting_scripts ?? []).join('\n'),
    utm: Object.fromEntries(UTM_KEYS.map((k) => [k, ws.default_utm_params?.[k] ?? ''])) as Record<UtmKey, string>,
    expiredPageUrl: ws.expired_page_url,
    trackDefault: ws.track_conversions_default,
    attributionWindow: String(ws.attribution_window_days),
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The settings' API fields, the secrets left out (they are sent only when changed, see `settingsPatch`). */
function fieldsOf(form: SettingsForm, withScripts: boolean): SettingsPatch {
  const utm = UTM_KEYS.filter((k) => form.utm[k].trim() !== '').map((k) => [k, form.utm[k].trim()]);
  return {
    name: form.name,
    ga_id: text(form.gaId),
    fb_pixel_id: text(form.fbPixelId),
    // on plans without retargeting scripts the field is not offered, so never sent
    ...(withScripts ? { retargeting_scripts: lines(form.scripts).length ? lines(form.scripts) : null } : {}),
    default_utm_params: utm.length ? Object.fromEntries(utm) : null,
    expired_page_url: text(form.expiredPageUrl),
    track_conversions_default: form.trackDefault,
    // digits go as a number; anything else as typed, so the API's message says what is wrong
    attribution_window_days: (/^\d+$/.test(form.attributionWindow.trim()) ? Number(form.attributionWindow) : form.attributionWindow) as number,
  };
}

const secretPatch = (change: SecretChange) => (change.typed !== '' ? change.typed : change.clear ? null : undefined);

/** The PATCH body: the fields that differ from what was loaded, and a secret only when a new one was typed or it was cleared. */
export function settingsPatch(loaded: SettingsForm, form: SettingsForm, withScripts: boolean): SettingsPatch {
  const before = fieldsOf(loaded, withScripts);
  const after = fieldsOf(form, withScripts);
  const patch: SettingsPatch = {};
  for (const [key, value] of Object.entries(after))
    if (JSON.stringify(value) !== JSON.stringify(before[key as keyof SettingsPatch])) Object.assign(patch, { [key]: value });
  const ga = secretPatch(form.gaApiSecret);
  if (ga !== undefined) patch.ga_api_secret = ga;
  const fb = secretPatch(form.fbAccessToken);
  if (fb !== undefined) patch.fb_access_token = fb;
  return patch;
}
