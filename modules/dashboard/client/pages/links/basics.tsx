import type { Plan } from '../../../../../core/plans';
import { parseTagList } from '../../../../links/shared';
import { useWorkspace } from '../../session';
import { useFieldError } from './errors';
import { UTM_KEYS, type LinkForm } from './form';
import { Checkbox, SelectField, TextArea, TextField } from './inputs';
import { Section } from './section';
import type { DomainList } from './types';

export interface SectionProps {
  form: LinkForm;
  set(change: Partial<LinkForm>): void;
  plan: Plan;
}

/** New links only: a template of the workspace fills what the form leaves empty. */
export function TemplateSection({ form, set, plan, templates }: SectionProps & { templates: { id: string; name: string }[] }) {
  const workspace = useWorkspace();
  return (
    <Section title="Template" feature="templates" plan={plan}>
      {templates.length ? (
        <SelectField
          label="Start from a template"
          path="template_id"
          value={form.templateId}
          onValue={(templateId) => set({ templateId })}
          options={[['', 'No template'], ...templates.map((t) => [t.id, t.name] as [string, string])]}
          hint="Its settings fill what you leave empty here; what you fill in wins."
        />
      ) : (
        <p class="field-note">
          This workspace has no templates yet; a workspace admin can add them on the <a href={`/app/w/${workspace.id}/templates`}>Templates</a> page.
        </p>
      )}
    </Section>
  );
}

export function DestinationSection({ form, set, plan }: SectionProps) {
  return (
    <Section title="Destination" plan={plan}>
      <TextField
        label="Destination URL"
        path="target"
        value={form.target}
        onValue={(target) => set({ target })}
        hint="Where the short link sends visitors: an http or https address."
        inputMode="url"
        autoComplete="url"
      />
    </Section>
  );
}

export function AddressSection({ form, set, plan, domains, currentSlug }: SectionProps & { domains?: DomainList; currentSlug?: string }) {
  const options: [string, string][] = [['', domains ? `${domains.default_domain} (default)` : 'Default short domain']];
  for (const d of domains?.domains ?? []) options.push([d.domain, d.verified ? d.domain : `${d.domain} (not verified yet)`]);
  // the default domain generates its slugs unless the instance lets workspaces choose them there
  const generated = form.domain === '' && !domains?.custom_slugs_on_default_domain;
  return (
    <Section title="Domain and slug" intro="The short address: domain / slug." plan={plan}>
      <div class="row">
        <SelectField
          label="Domain"
          path="domain"
          value={form.domain}
          onValue={(domain) => set(domain === '' && !domains?.custom_slugs_on_default_domain ? { domain, slug: '' } : { domain })}
          options={options}
          hint={domains?.domains.length ? undefined : 'Custom domains are added by a workspace admin.'}
        />
        {generated ? (
          <p class="field-note">
            {currentSlug
              ? `Slug: ${currentSlug} (generated; custom slugs need a custom domain)`
              : 'The slug is generated on the default domain; custom slugs need a custom domain.'}
          </p>
        ) : (
          <TextField
            label="Slug"
            path="slug"
            value={form.slug}
            onValue={(slug) => set({ slug })}
            hint="Letters, digits, - and _. Empty: generated."
            autoComplete="off"
          />
        )}
      </div>
    </Section>
  );
}

export function DescriptionSection({ form, set, plan }: SectionProps) {
  return (
    <Section title="Title and note" plan={plan}>
      <TextField label="Title" path="title" value={form.title} onValue={(title) => set({ title })} maxLength={500} />
      <TextArea
        label="Note"
        path="note"
        value={form.note}
        onValue={(note) => set({ note })}
        hint="Internal: only members of this workspace see it, never visitors."
      />
    </Section>
  );
}

export function TagsSection({ form, set, plan, known }: SectionProps & { known: string[] }) {
  // the API's own rule, applied as the user types: "Q4 Campaign" is saved as q4-campaign, as an import would
  const tags = parseTagList(form.tags);
  const changed =
    tags.join(', ') !==
    form.tags
      .split(/[,|]/)
      .map((t) => t.trim())
      .filter(Boolean)
      .join(', ');
  const inUse = known.length ? ` In use: ${known.slice(0, 12).join(', ')}${known.length > 12 ? '…' : ''}` : '';
  return (
    <Section title="Tagging" plan={plan}>
      <TextField
        label="Tags"
        path="tags.*"
        value={form.tags}
        onValue={(tags) => set({ tags })}
        hint={`Comma-separated, at most 10: letters, digits, - and _ (lowercased, spaces become -).${inUse}`}
        autoComplete="off"
      />
      <p class="muted tag-preview" aria-live="polite">
        {changed && tags.length > 0 && `Saved as: ${tags.join(', ')}`}
      </p>
    </Section>
  );
}

const UTM_LABELS = { source: 'UTM source', medium: 'UTM medium', campaign: 'UTM campaign', term: 'UTM term', content: 'UTM content' } as const;

export function UtmSection({ form, set, plan, defaults, creating }: SectionProps & { defaults: Record<string, string> | null | undefined; creating: boolean }) {
  const sectionError = useFieldError('utm_params');
  const given = UTM_KEYS.filter((key) => defaults?.[key]);
  const defaultsText = given.length ? given.map((key) => `${key}=${defaults![key]}`).join(', ') : undefined;
  const intro = defaultsText
    ? creating
      ? `Appended to the destination on redirect. Workspace defaults: ${defaultsText} (used when you leave all five empty).`
      : `Appended to the destination on redirect. Workspace defaults: ${defaultsText} (they apply to new links only).`
    : 'Appended to the destination on redirect. This workspace has no default UTM parameters.';
  return (
    <Section title="UTM parameters" intro={intro} plan={plan} error={sectionError}>
      <div class="grid-fields">
        {UTM_KEYS.map((key) => (
          <TextField
            key={key}
            label={UTM_LABELS[key]}
            path={`utm_params.${key}`}
            value={form.utm[key]}
            placeholder={creating ? defaults?.[key] : undefined}
            onValue={(value) => set({ utm: { ...form.utm, [key]: value } })}
            autoComplete="off"
          />
        ))}
      </div>
    </Section>
  );
}

export function ExpirySection({ form, set, plan }: SectionProps) {
  return (
    <Section title="Expiry and fallback" plan={plan}>
      <div class="row">
        <TextField
          label="Expires at"
          path="expires_at"
          type="datetime-local"
          value={form.expiresAt}
          onValue={(expiresAt) => set({ expiresAt })}
          hint="Your local time. Empty: never expires."
        />
        <TextField
          label="Fallback URL"
          path="fallback_url"
          value={form.fallbackUrl}
          onValue={(fallbackUrl) => set({ fallbackUrl })}
          hint="Where visitors go after expiry. Empty: the workspace's expired page, else 410 Gone."
          inputMode="url"
        />
      </div>
    </Section>
  );
}

export function PasswordSection({ form, set, plan, hasPassword }: SectionProps & { hasPassword: boolean }) {
  return (
    <Section
      title="Password protection"
      intro={hasPassword ? 'This link asks visitors for a password.' : 'Visitors must enter it before they are redirected.'}
      plan={plan}
    >
      <TextField
        label={hasPassword ? 'New password' : 'Password'}
        path="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onValue={(password) => set({ password, removePassword: false })}
        hint={hasPassword ? 'At least 8 characters. Empty: keep the current one.' : 'At least 8 characters. Empty: no password.'}
      />
      {hasPassword && (
        <Checkbox label="Remove the password" checked={form.removePassword} onChecked={(removePassword) => set({ removePassword, password: '' })} />
      )}
    </Section>
  );
}

export function RedirectSection({ form, set, plan }: SectionProps) {
  const error = useFieldError('redirect_type');
  const choices = [
    ['302', '302 Found', 'temporary: browsers ask again on every visit (default)'],
    ['301', '301 Moved Permanently', 'browsers may remember the destination'],
  ] as const;
  return (
    <Section title="Redirect type" plan={plan} error={error}>
      <fieldset class="choices">
        <legend class="visually-hidden">Redirect type</legend>
        {choices.map(([value, label, hint]) => (
          <label key={value} class="choice">
            <input type="radio" name="redirect-type" value={value} checked={form.redirectType === value} onChange={() => set({ redirectType: value })} />
            <span>
              <strong>{label}</strong> — {hint}
            </span>
          </label>
        ))}
      </fieldset>
    </Section>
  );
}

export function PreviewSection({ form, set, plan }: SectionProps) {
  return (
    <Section title="Social preview" intro="What social networks show when the link is shared (leave empty to use the destination's own)." plan={plan}>
      <TextField label="Preview title" path="og_title" value={form.ogTitle} onValue={(ogTitle) => set({ ogTitle })} maxLength={500} />
      <TextArea
        label="Preview description"
        path="og_description"
        value={form.ogDescription}
        onValue={(ogDescription) => set({ ogDescription })}
        rows={2}
        maxLength={2000}
      />
      <TextField
        label="Preview image URL"
        path="og_image"
        value={form.ogImage}
        onValue={(ogImage) => set({ ogImage })}
        hint="An http or https image address."
        inputMode="url"
      />
    </Section>
  );
}

export function MonitoringSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  return (
    <Section title="Monitoring" feature="monitoring" plan={plan} hasValue={hasValue}>
      <Checkbox
        label="Check the destination regularly"
        checked={form.monitoring}
        onChecked={(monitoring) => set({ monitoring })}
        hint="A destination answering 4xx or 5xx marks the link broken (event link.broken)."
      />
    </Section>
  );
}

export function ConversionSection({ form, set, plan, hasValue }: SectionProps & { hasValue: boolean }) {
  return (
    <Section
      title="Conversion tracking"
      intro="Which visits of this link led to sign-ups and sales: the Conversions page shows them once your server reports them."
      feature="conversions"
      plan={plan}
      hasValue={hasValue}
    >
      <Checkbox
        label="Track conversions"
        checked={form.trackConversions}
        onChecked={(trackConversions) => set({ trackConversions })}
        hint="Each visit reaches the destination with lh_cid=<click id> added; your server reports a lead (POST …/track/lead) and sales with it."
      />
    </Section>
  );
}
