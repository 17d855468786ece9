import { useRef, useState } from 'preact/hooks';
import { hasFeature } from '../../../../../core/plans';
import { api } from '../../api';
import { useSession, useWorkspace } from '../../session';
import { Button, FailureNotice, Loading, toast, useLoad } from '../../ui';
import { failureOf, FormErrorProvider, type FormError } from '../links/errors';
import { UTM_KEYS } from '../links/form';
import { Checkbox, TextArea, TextField } from '../links/inputs';
import '../links/links.css';
import { Section } from '../links/section';
import { useFocusOnFailure } from '../focus-failure';
import { DeleteWorkspace } from './delete-workspace';
import { settingsFormOf, settingsPatch, type SettingsForm } from './form';
import { PlanPanel } from './plan-panel';
import { SecretField } from './secret-field';
import { SsoDomains } from './sso-domains';
import './settings.css';
import { mayChangeSettings, type WorkspaceSettings } from './types';

/** The workspace's settings: everyone sees them, the owner changes them (the API refuses everyone else). */
export function SettingsPage({ wsId }: { wsId: string }) {
  const loaded = useLoad(() => api.get('/api/workspaces/{wsId}', { params: { path: { wsId } } }), [wsId]);
  return (
    <div class="settings-page">
      <h1>Workspace settings</h1>
      {loaded.error ? (
        <FailureNotice error={loaded.error} retry={loaded.reload} />
      ) : !loaded.data ? (
        <Loading />
      ) : (
        <SettingsView key={loaded.data.id} ws={loaded.data} />
      )}
    </div>
  );
}

const UTM_LABELS = {
  source: 'Default UTM source',
  medium: 'Default UTM medium',
  campaign: 'Default UTM campaign',
  term: 'Default UTM term',
  content: 'Default UTM content',
};

function SettingsView({ ws }: { ws: WorkspaceSettings }) {
  const workspace = useWorkspace();
  const { refresh } = useSession();
  const plan = ws.plan;
  const owner = mayChangeSettings(workspace.role);
  const withScripts = hasFeature(plan, 'retargeting_scripts');
  const [stored, setStored] = useState(ws);
  const loaded = useRef(settingsFormOf(ws));
  const [form, setForm] = useState<SettingsForm>(loaded.current);
  const [failure, setFailure] = useState<FormError>();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure);
  const set = (change: Partial<SettingsForm>) => setForm((f) => ({ ...f, ...change }));

  const save = async (event: Event) => {
    event.preventDefault();
    const patch = settingsPatch(loaded.current, form, withScripts);
    if (!Object.keys(patch).length) return toast('Nothing to save: no setting has changed');
    setSaving(true);
    setFailure(undefined);
    try {
      const path = { wsId: ws.id };
      await api.patch('/api/workspaces/{wsId}', { params: { path }, body: patch });
      const saved = await api.get('/api/workspaces/{wsId}', { params: { path } });
      loaded.current = settingsFormOf(saved);
      setStored(saved);
      setForm(loaded.current);
      // the switcher and the other pages show the name from the session
      if (patch.name !== undefined) await refresh();
      toast('Settings saved');
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {!owner && (
        <p class="notice" role="note">
          Only the owner changes these settings. Your role in this workspace is {workspace.role}: you see them read-only.
        </p>
      )}
      <form ref={formRef} class="settings-form" onSubmit={save} noValidate aria-label="Workspace settings">
        {failure && <FailureNotice error={failure.cause} notSaved="The settings were not saved" atField={Boolean(failure.path)} />}
        <FormErrorProvider value={failure}>
          <fieldset class="editor-fields" disabled={!owner}>
            <legend class="visually-hidden">Settings</legend>
            <Section title="General" plan={plan}>
              <TextField label="Workspace name" path="name" value={form.name} onValue={(name) => set({ name })} maxLength={100} autoComplete="off" />
              <p class="field-note">
                Slug: <code>{stored.slug}</code> · {stored.member_count} member{stored.member_count === 1 ? '' : 's'}
              </p>
            </Section>
            <Section
              title="Analytics"
              intro="Each click is forwarded to Google Analytics 4 (Measurement Protocol) when the measurement ID and API secret are both set, and to Meta (Conversions API) when the pixel ID and access token are both set."
              plan={plan}
            >
              <div class="grid-fields">
                <TextField
                  label="GA4 measurement ID"
                  path="ga_id"
                  value={form.gaId}
                  onValue={(gaId) => set({ gaId })}
                  placeholder="G-XXXXXXXXXX"
                  autoComplete="off"
                />
                <SecretField
                  label="GA4 API secret"
                  path="ga_api_secret"
                  stored={stored.ga_api_secret !== null}
                  change={form.gaApiSecret}
                  onChange={(gaApiSecret) => set({ gaApiSecret })}
                />
                <TextField label="Meta pixel ID" path="fb_pixel_id" value={form.fbPixelId} onValue={(fbPixelId) => set({ fbPixelId })} autoComplete="off" />
                <SecretField
                  label="Meta access token"
                  path="fb_access_token"
                  stored={stored.fb_access_token !== null}
                  change={form.fbAccessToken}
                  onChange={(fbAccessToken) => set({ fbAccessToken })}
                />
              </div>
            </Section>
            <Section
              title="Retargeting scripts"
              intro="Script URLs loaded on a short page before each redirect of a person (bots go straight through), e.g. an ad network's pixel."
              feature="retargeting_scripts"
              plan={plan}
            >
              <TextArea
                label="Script URLs"
                path="retargeting_scripts.*"
                value={form.scripts}
                onValue={(scripts) => set({ scripts })}
                rows={4}
                hint="One per line, at most 20. Each must be an http or https URL; the API refuses anything else (javascript:, data:, relative paths)."
              />
            </Section>
            {!withScripts && Boolean(stored.retargeting_scripts?.length) && (
              <p class="notice" role="note">
                Retargeting scripts set on an earlier plan are kept, but redirects do not load them on this plan.
              </p>
            )}
            <Section title="Default UTM parameters" intro="New links without UTM parameters of their own get these. Existing links keep theirs." plan={plan}>
              <div class="grid-fields">
                {UTM_KEYS.map((key) => (
                  <TextField
                    key={key}
                    label={UTM_LABELS[key]}
                    path={`default_utm_params.${key}`}
                    value={form.utm[key]}
                    onValue={(value) => set({ utm: { ...form.utm, [key]: value } })}
                    maxLength={500}
                    autoComplete="off"
                  />
                ))}
              </div>
            </Section>
            <Section
              title="Conversion tracking"
              intro="Links that track conversions send their visitors on with a click id (lh_cid), against which your server reports sign-ups and sales."
              feature="conversions"
              plan={plan}
            >
              <Checkbox
                label="New links track conversions"
                checked={form.trackDefault}
                onChecked={(trackDefault) => set({ trackDefault })}
                hint="The default of the link editor's switch; existing links keep theirs."
              />
              <TextField
                label="Attribution window (days)"
                path="attribution_window_days"
                value={form.attributionWindow}
                onValue={(attributionWindow) => set({ attributionWindow })}
                inputMode="numeric"
                hint="How old a click may be when its lead is reported, 1 to 365 days; an older one is refused (410)."
              />
            </Section>
            <Section title="Expired links" plan={plan}>
              <TextField
                label="Expired-page URL"
                path="expired_page_url"
                value={form.expiredPageUrl}
                onValue={(expiredPageUrl) => set({ expiredPageUrl })}
                inputMode="url"
                hint="Where visitors of an expired link go when the link has no fallback URL of its own. Empty: they get 410 Gone."
              />
            </Section>
          </fieldset>
        </FormErrorProvider>
        {owner && (
          <div class="form-actions">
            <Button type="submit" variant="primary" busy={saving}>
              Save settings
            </Button>
          </div>
        )}
      </form>
      {owner && <SsoDomains wsId={ws.id} plan={plan} />}
      <PlanPanel plan={plan} />
      {owner && <DeleteWorkspace wsId={ws.id} name={stored.name} />}
    </>
  );
}
