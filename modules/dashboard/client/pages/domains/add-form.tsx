import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { Button, Field, PlanNotice, planRefusal, toast, useSubmit } from '../../ui';

/**
 * Adds a custom domain. The API's refusals stay where they belong: a bad or taken hostname (400,
 * 409) under the field, a full plan (402) as the plan's own message; the form stays usable.
 */
export function AddDomainForm({ wsId, onAdded }: { wsId: string; onAdded(domain: string): void }) {
  const [domain, setDomain] = useState('');
  const { busy, failure, submit } = useSubmit(async () => {
    const added = await api.post('/api/workspaces/{wsId}/domains', { params: { path: { wsId } }, body: { domain: domain.trim() } });
    toast(`Added ${added.domain}: set its DNS records, then verify`);
    setDomain('');
    onAdded(added.domain);
  });
  const planLimit = planRefusal(failure);
  const error = failure && !planLimit ? failureMessage(failure) : undefined;

  return (
    <form class="panel add-domain" onSubmit={submit} aria-labelledby="add-domain-heading">
      <h2 id="add-domain-heading">Add a domain</h2>
      {planLimit && <PlanNotice message={planLimit} />}
      <div class="add-domain-fields">
        <Field
          label="Domain"
          hint="A hostname you control, such as go.example.com: lowercase, without https://, port or path."
          required
          autoComplete="off"
          spellcheck={false}
          value={domain}
          error={error}
          onInput={(e) => setDomain(e.currentTarget.value)}
        />
        <Button type="submit" variant="primary" busy={busy}>
          Add domain
        </Button>
      </div>
    </form>
  );
}
