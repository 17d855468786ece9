import { useRef, useState } from 'preact/hooks';
import { featureMessage, hasFeature, type Plan } from '../../../../../core/plans';
import { api } from '../../api';
import { useWorkspace } from '../../session';
import { Button, FailureNotice, Loading, PlanNotice, toast, useLoad } from '../../ui';
import { failureOf, FormErrorProvider, useFieldError, type FormError } from '../links/errors';
import { Checkbox, TextArea, TextField } from '../links/inputs';
import '../links/links.css';
import { Section } from '../links/section';
import { useFocusOnFailure } from '../focus-failure';
import '../settings/settings.css';
import { mayChangeSettings, type WorkspaceSettings } from '../settings/types';
import { policyBody, policyFormOf, type Policy, type PolicyForm } from './policy';

/**
 * What modules/governance really does: every rule is checked when a link is created (one by one, in
 * bulk, by CSV import, through MCP), after a template filled its values; never on existing links or edits.
 */
function AppliesTo({ detail }: { detail?: string }) {
  return (
    <p class="rule-scope">
      <strong>Applies to new links only</strong>: checked when a link is created (one by one, in bulk, by CSV import or through MCP); existing links and later
      edits are not checked.{detail ? ` ${detail}` : ''}
    </p>
  );
}

export function GovernancePage({ wsId }: { wsId: string }) {
  const loaded = useLoad(() => api.get('/api/workspaces/{wsId}', { params: { path: { wsId } } }), [wsId]);
  const plan = loaded.data?.plan;
  return (
    <div class="governance-page">
      <h1>Governance policy</h1>
      {loaded.error ? (
        <FailureNotice error={loaded.error} retry={loaded.reload} />
      ) : !loaded.data || !plan ? (
        <Loading />
      ) : !hasFeature(plan, 'governance') ? (
        <>
          <PlanNotice message={featureMessage('governance')} />
          {loaded.data.governance && <p class="notice">A policy set on an earlier plan is stored, but it is not enforced on this plan.</p>}
        </>
      ) : (
        <PolicyEditor key={loaded.data.id} ws={loaded.data} />
      )}
    </div>
  );
}

function PolicyEditor({ ws }: { ws: WorkspaceSettings }) {
  const workspace = useWorkspace();
  const owner = mayChangeSettings(workspace.role);
  const plan = ws.plan;
  const [stored, setStored] = useState(ws.governance);
  const [form, setForm] = useState<PolicyForm>(policyFormOf(stored));
  const [failure, setFailure] = useState<FormError>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure);
  const set = (change: Partial<PolicyForm>) => setForm((f) => ({ ...f, ...change }));

  const write = async (governance: Policy | null, done: string) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const path = { wsId: ws.id };
      await api.patch('/api/workspaces/{wsId}', { params: { path }, body: { governance } });
      const { governance: policy } = await api.get('/api/workspaces/{wsId}', { params: { path } });
      setStored(policy);
      setForm(policyFormOf(policy));
      toast(done);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p class="muted">
        Rules every new link of this workspace must meet; a link that breaks one is refused with a message naming the rule. Default UTM parameters and a
        template's values count: they are filled in before the check.
      </p>
      {!owner && (
        <p class="notice" role="note">
          Only the owner changes the policy. Your role in this workspace is {workspace.role}: you see it read-only.
        </p>
      )}
      <p class="policy-state">{stored ? 'A policy is in force.' : 'No policy is set: every new link is accepted.'}</p>
      <form
        ref={formRef}
        class="settings-form"
        aria-label="Governance policy"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void write(policyBody(form), 'Policy saved');
        }}
      >
        {failure && <FailureNotice error={failure.cause} notSaved="The policy was not saved" atField={Boolean(failure.path)} />}
        <FormErrorProvider value={failure}>
          <fieldset class="editor-fields" disabled={!owner}>
            <legend class="visually-hidden">Policy rules</legend>
            <Section title="Required fields" plan={plan}>
              <Checkbox
                label="Require UTM source and medium (require_utm)"
                checked={form.requireUtm}
                onChecked={(requireUtm) => set({ requireUtm })}
                hint="Met by the workspace's default UTM parameters when they include source and medium."
              />
              <Checkbox label="Require at least one tag (require_tags)" checked={form.requireTags} onChecked={(requireTags) => set({ requireTags })} />
              <Checkbox label="Require a title (require_title)" checked={form.requireTitle} onChecked={(requireTitle) => set({ requireTitle })} />
              <AppliesTo />
            </Section>
            <Section title="Expiry" plan={plan}>
              <TextField
                label="Maximum days until expiry (max_expiry_days)"
                path="governance.max_expiry_days"
                value={form.maxExpiryDays}
                onValue={(maxExpiryDays) => set({ maxExpiryDays })}
                inputMode="numeric"
                hint="A positive whole number. New links must then have an expiry, at most this many days away. Empty: no limit."
                autoComplete="off"
              />
              <AppliesTo detail="An edit may later move or remove a link's expiry." />
            </Section>
            <DomainRules form={form} set={set} plan={plan} />
          </fieldset>
        </FormErrorProvider>
        {owner && (
          <div class="form-actions">
            <Button type="submit" variant="primary" busy={busy}>
              Save policy
            </Button>
            {stored && (
              <Button variant="danger" busy={busy} onClick={() => write(null, 'Policy removed')}>
                Remove the policy
              </Button>
            )}
          </div>
        )}
      </form>
    </>
  );
}

const DOMAIN_MODES = [
  ['none', 'Any target domain'],
  ['blocked', 'Block these domains (blocked_domains)'],
  ['allowed', 'Only allow these domains (allowed_domains)'],
] as const;

function DomainRules({ form, set, plan }: { form: PolicyForm; set(change: Partial<PolicyForm>): void; plan: Plan }) {
  const modeError = useFieldError(['governance.blocked_domains', 'governance.allowed_domains']);
  return (
    <Section title="Target domains" plan={plan}>
      <fieldset class="choices">
        <legend>Which destinations new links may use</legend>
        {DOMAIN_MODES.map(([value, label]) => (
          <label key={value} class="choice">
            <input type="radio" name="domain-mode" value={value} checked={form.domainMode === value} onChange={() => set({ domainMode: value })} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {form.domainMode !== 'none' && (
        <TextArea
          label={form.domainMode === 'blocked' ? 'Blocked domains' : 'Allowed domains'}
          path={`governance.${form.domainMode}_domains.*`}
          value={form.domains}
          onValue={(domains) => set({ domains })}
          rows={4}
          hint="One domain a line, e.g. example.com; its subdomains are included. A block list and an allow list cannot both be set."
        />
      )}
      {modeError && form.domainMode === 'none' && <p class="field-error">{modeError}</p>}
      <AppliesTo detail="Links already pointing at a blocked domain keep working." />
    </Section>
  );
}
