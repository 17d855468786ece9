import { useEffect, useRef, useState } from 'preact/hooks';
import { hasFeature, type Plan } from '../../../../../core/plans';
import { api, hasCode } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, CopyButton, ConfirmDialog, ErrorNotice, FailureNotice, Loading, navigate, toast, useLoad } from '../../ui';
import {
  AddressSection,
  DescriptionSection,
  DestinationSection,
  TemplateSection,
  ExpirySection,
  ConversionSection,
  MonitoringSection,
  PasswordSection,
  PreviewSection,
  RedirectSection,
  TagsSection,
  UtmSection,
} from './basics';
import { failureOf, FormErrorProvider, type FormError } from './errors';
import { createBody, formOf, patchBody, type LinkForm } from './form';
import './links.css';
import { RoutingSection, SequenceSection, VariantsSection } from './routing';
import { RulesSection } from './rules';
import { sectionAnchor } from './section';
import type { DomainList, Link } from './types';
import { DeepLinkSection, InterstitialSection } from './visitor-pages';

interface EditorData {
  link?: Link;
  templates: { id: string; name: string }[];
  domains: DomainList;
  tags: string[];
  defaultUtm: Record<string, string> | null;
  /** new links track conversions unless they say otherwise */
  trackDefault: boolean;
}

const SECTIONS = [
  'Destination',
  'Domain and slug',
  'Title and note',
  'Tagging',
  'UTM parameters',
  'Expiry and fallback',
  'Password protection',
  'Redirect type',
  'Rules',
  'Geo, device and OS routing',
  'A/B variants',
  'Sequence',
  'Deep link',
  'Interstitial page',
  'Social preview',
  'Monitoring',
  'Conversion tracking',
];

async function loadEditor(wsId: string, linkId: string | undefined, plan: Plan): Promise<EditorData> {
  const [link, templates, domains, tags, workspace] = await Promise.all([
    linkId ? api.get('/api/workspaces/{wsId}/links/{linkId}', { params: { path: { wsId, linkId } } }) : undefined,
    // templates apply when creating, on the plans that have them (the section states the reason on others)
    !linkId && hasFeature(plan, 'templates') ? api.get('/api/workspaces/{wsId}/templates', { params: { path: { wsId } } }).then((r) => r.templates) : [],
    api.get('/api/workspaces/{wsId}/domains', { params: { path: { wsId } } }),
    api.get('/api/workspaces/{wsId}/links/tags', { params: { path: { wsId } } }),
    api.get('/api/workspaces/{wsId}', { params: { path: { wsId } } }),
  ]);
  return {
    link,
    templates,
    domains,
    tags: tags.tags.map((t) => t.name),
    defaultUtm: workspace.default_utm_params,
    trackDefault: workspace.track_conversions_default,
  };
}

/** Create (no `linkId`) or edit a link: every field of the API in sections; a viewer sees them read-only. */
export function LinkEditorPage({ wsId, linkId }: { wsId: string; linkId?: string }) {
  const workspace = useWorkspace();
  const { data, error, loading, reload } = useLoad(() => loadEditor(wsId, linkId, workspace.plan), [wsId, linkId]);
  const listHref = `/app/w/${wsId}/links`;
  if (!linkId && !roleAtLeast(workspace.role, 'editor')) {
    return (
      <>
        <h1>New link</h1>
        <ErrorNotice error="Your role in this workspace is viewer: creating links needs the editor role or higher." />
        <a href={listHref}>Back to the links</a>
      </>
    );
  }
  if (error) {
    return (
      <>
        <h1>{linkId ? 'Link' : 'New link'}</h1>
        {hasCode(error, 'not_found') ? (
          <ErrorNotice error="This link does not exist (it may have been deleted)." />
        ) : (
          <FailureNotice error={error} retry={reload} />
        )}
        <a href={listHref}>Back to the links</a>
      </>
    );
  }
  if (loading && !data) {
    return (
      <>
        <h1>{linkId ? 'Edit link' : 'New link'}</h1>
        <Loading />
      </>
    );
  }
  return <EditorForm key={data!.link?.id ?? 'new'} wsId={wsId} data={data!} />;
}

function EditorForm({ wsId, data }: { wsId: string; data: EditorData }) {
  const workspace = useWorkspace();
  const plan = workspace.plan;
  const canEdit = roleAtLeast(workspace.role, 'editor');
  const canDelete = roleAtLeast(workspace.role, 'admin');
  const [link, setLink] = useState(data.link);
  const loaded = useRef(formOf(link, data.domains.default_domain, data.trackDefault));
  const [form, setForm] = useState<LinkForm>(loaded.current);
  const [failure, setFailure] = useState<FormError>();
  const [inline, setInline] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (change: Partial<LinkForm>) => setForm((f) => ({ ...f, ...change }));
  const listHref = `/app/w/${wsId}/links`;

  // after a refusal: focus the field the message is about (or the summary when no field shows it)
  useEffect(() => {
    if (!failure) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    setInline(Boolean(invalid || formRef.current?.querySelector('.section-error')));
    const target = invalid ?? formRef.current?.querySelector<HTMLElement>('.form-summary');
    // centred: the sticky save bar would cover a field scrolled just into view at the bottom
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: 'center' });
  }, [failure]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaving(true);
    setFailure(undefined);
    try {
      if (link) {
        const patch = patchBody(loaded.current, form);
        if (!Object.keys(patch).length) {
          toast('Nothing to save: no field has changed');
          return;
        }
        const path = { wsId, linkId: link.id };
        await api.patch('/api/workspaces/{wsId}/links/{linkId}', { params: { path }, body: patch });
        // the stored link (normalised values, a generated slug, has_password) becomes what the form compares with
        const saved = await api.get('/api/workspaces/{wsId}/links/{linkId}', { params: { path } });
        loaded.current = formOf(saved, data.domains.default_domain, data.trackDefault);
        setLink(saved);
        setForm(loaded.current);
        toast('Changes saved');
      } else {
        const created = await api.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: createBody(form, data.trackDefault) });
        toast(`Link created: ${created.short_url}`);
        navigate(`/app/w/${wsId}/links/${created.id}`);
      }
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await api.delete('/api/workspaces/{wsId}/links/{linkId}', { params: { path: { wsId, linkId: link!.id } } });
      toast(`Deleted ${link!.short_url}`);
      navigate(listHref);
    } catch (error) {
      setConfirming(false);
      setFailure(failureOf(error));
    } finally {
      setDeleting(false);
    }
  };

  const props = { form, set, plan };
  return (
    <div class="editor">
      <div class="page-header">
        <h1>{link ? (canEdit ? 'Edit link' : 'Link details') : 'New link'}</h1>
        <a href={listHref}>All links</a>
      </div>
      {link && (
        <div class="link-summary">
          <a href={link.short_url} class="short-url">
            {link.short_url}
          </a>
          <CopyButton text={link.short_url} />
          <span class="muted">
            {link.click_count.toLocaleString()} clicks · created {new Date(link.created_at).toLocaleDateString()}
          </span>
          <a href={`/app/w/${wsId}/links/${link.id}/analytics`}>Analytics</a>
          <a href={`/app/w/${wsId}/links/${link.id}/qr`}>QR code</a>
        </div>
      )}
      {!canEdit && <p class="notice">Your role in this workspace is viewer: you can look at this link; changing it needs the editor role.</p>}
      <div class="editor-layout">
        <nav class="editor-toc" aria-label="Sections">
          <ul>
            {(link ? SECTIONS : ['Template', ...SECTIONS]).map((title) => (
              <li key={title}>
                <a href={`#${sectionAnchor(title)}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <form ref={formRef} class="editor-form" onSubmit={save} noValidate aria-label={link ? 'Edit link' : 'New link'}>
          {failure && <FailureNotice error={failure.cause} notSaved="The link was not saved" atField={inline} />}
          <FormErrorProvider value={failure}>
            <fieldset class="editor-fields" disabled={!canEdit}>
              <legend class="visually-hidden">Link settings</legend>
              {!link && <TemplateSection {...props} templates={data.templates} />}
              <DestinationSection {...props} />
              <AddressSection {...props} domains={data.domains} currentSlug={link?.domain === data.domains.default_domain ? link.slug : undefined} />
              <DescriptionSection {...props} />
              <TagsSection {...props} known={data.tags} />
              <UtmSection {...props} defaults={data.defaultUtm} creating={!link} />
              <ExpirySection {...props} />
              <PasswordSection {...props} hasPassword={link?.has_password ?? false} />
              <RedirectSection {...props} />
              <RulesSection {...props} hasValue={Boolean(link?.rules?.length)} />
              <RoutingSection {...props} hasValue={Boolean(link?.routing_rules)} />
              <VariantsSection {...props} hasValue={Boolean(link?.ab_variants?.length)} />
              <SequenceSection {...props} hasValue={Boolean(link?.sequence)} />
              <DeepLinkSection {...props} hasValue={Boolean(link?.deep_link)} />
              <InterstitialSection {...props} hasValue={Boolean(link?.interstitial)} />
              <PreviewSection {...props} />
              <MonitoringSection {...props} hasValue={Boolean(link?.monitoring)} />
              <ConversionSection {...props} hasValue={Boolean(link?.track_conversions)} />
            </fieldset>
          </FormErrorProvider>
          {canEdit && (
            <div class="form-actions">
              <Button type="submit" variant="primary" busy={saving}>
                {link ? 'Save changes' : 'Create link'}
              </Button>
              {link && canDelete && (
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  Delete link
                </Button>
              )}
            </div>
          )}
        </form>
      </div>
      {link && canDelete && (
        <ConfirmDialog
          open={confirming}
          title="Delete this link?"
          confirmLabel="Yes, delete it"
          danger
          busy={deleting}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>{link.short_url} will answer 404 from now on. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
