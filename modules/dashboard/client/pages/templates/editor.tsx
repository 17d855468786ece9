import { useRef, useState } from 'preact/hooks';
import type { Plan } from '../../../../../core/plans';
import { api } from '../../api';
import { Button, FailureNotice, toast } from '../../ui';
import { PreviewSection, TagsSection, UtmSection } from '../links/basics';
import { FormErrorProvider, type FormError } from '../links/errors';
import type { LinkForm } from '../links/form';
import { SelectField, TextField } from '../links/inputs';
import { RoutingSection, SequenceSection } from '../links/routing';
import { RulesSection } from '../links/rules';
import { Section } from '../links/section';
import type { DomainList } from '../links/types';
import { InterstitialSection } from '../links/visitor-pages';
import { useFocusOnFailure } from '../focus-failure';
import { configOf, templateFailure, templateFormOf, type Template, type TemplateForm } from './config';

interface EditorProps {
  wsId: string;
  plan: Plan;
  /** undefined: a new template */
  template?: Template;
  domains: DomainList;
  tags: string[];
  defaultUtm: Record<string, string> | null;
  /** admins and the owner write templates; everyone else reads them */
  canWrite: boolean;
  onDone(saved: boolean): void;
}

/** Name and config of a template, in the link editor's own sections (the same inputs, the same API messages under them). */
export function TemplateEditor({ wsId, plan, template, domains, tags, defaultUtm, canWrite, onDone }: EditorProps) {
  const [form, setForm] = useState<TemplateForm>(() => templateFormOf(template));
  const [failure, setFailure] = useState<FormError>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const setLink = (change: Partial<LinkForm>) => setForm((f) => ({ ...f, link: { ...f.link, ...change } }));
  const sectionProps = { form: form.link, set: setLink, plan };
  const has = (field: string) => template?.config[field] !== undefined;

  useFocusOnFailure(formRef, failure);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      const body = { name: form.name, config: configOf(form) };
      if (template) await api.patch('/api/workspaces/{wsId}/templates/{templateId}', { params: { path: { wsId, templateId: template.id } }, body });
      else await api.post('/api/workspaces/{wsId}/templates', { params: { path: { wsId } }, body });
      toast(template ? `Template “${form.name.trim()}” saved` : `Template “${form.name.trim()}” created`);
      onDone(true);
    } catch (error) {
      setFailure(templateFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const title = template ? (canWrite ? `Edit template “${template.name}”` : `Template “${template.name}”`) : 'New template';
  const domainOptions: [string, string][] = [
    ['', 'Not set'],
    [domains.default_domain, `${domains.default_domain} (default)`],
    ...domains.domains.map((d): [string, string] => [d.domain, d.verified ? d.domain : `${d.domain} (not verified yet)`]),
  ];
  return (
    <form ref={formRef} class="template-editor" onSubmit={save} noValidate aria-labelledby="template-editor-heading">
      <div class="page-header">
        <h2 id="template-editor-heading">{title}</h2>
      </div>
      <p class="muted">A link created from this template takes these values for every field it leaves empty; what the link gives itself wins.</p>
      {failure && <FailureNotice error={failure.cause} notSaved="The template was not saved" atField={Boolean(failure.path)} />}
      <FormErrorProvider value={failure}>
        <fieldset class="editor-fields" disabled={!canWrite}>
          <legend class="visually-hidden">Template settings</legend>
          <Section title="Template" plan={plan}>
            <TextField
              label="Template name"
              path="name"
              value={form.name}
              onValue={(name) => setForm((f) => ({ ...f, name }))}
              maxLength={100}
              autoComplete="off"
            />
            <div class="row">
              <SelectField
                label="Domain"
                path="domain"
                value={form.link.domain}
                onValue={(domain) => setLink({ domain })}
                options={domainOptions}
                hint="Not set: a link keeps its own choice, else the default domain."
              />
              <TextField
                label="Expires after (days)"
                path="expires_in_days"
                value={form.expiresInDays}
                onValue={(expiresInDays) => setForm((f) => ({ ...f, expiresInDays }))}
                inputMode="numeric"
                hint="A link made from the template expires this many days after it is created. Empty: no expiry."
                autoComplete="off"
              />
            </div>
          </Section>
          <TagsSection {...sectionProps} known={tags} />
          <UtmSection {...sectionProps} defaults={defaultUtm} creating />
          <RulesSection {...sectionProps} hasValue={has('rules')} />
          <RoutingSection {...sectionProps} hasValue={has('routing_rules')} />
          <SequenceSection {...sectionProps} hasValue={has('sequence')} />
          <InterstitialSection {...sectionProps} hasValue={has('interstitial')} />
          <PreviewSection {...sectionProps} />
        </fieldset>
      </FormErrorProvider>
      <div class="form-actions">
        {canWrite && (
          <Button type="submit" variant="primary" busy={busy}>
            {template ? 'Save template' : 'Create template'}
          </Button>
        )}
        <Button onClick={() => onDone(false)}>{canWrite ? 'Cancel' : 'Back to the templates'}</Button>
      </div>
    </form>
  );
}
