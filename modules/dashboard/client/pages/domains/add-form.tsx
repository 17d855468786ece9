import { useState } from 'preact/hooks';
import { api, ApiFailure } from '../../api';
import { Button, Field, PlanNotice, toast } from '../../ui';

/**
 * Adds a custom domain. The API's refusals stay where they belong: a bad or taken hostname (400,
 * 409) under the field, a full plan (402) as the plan's own message; the form stays usable.
 */
export function AddDomainForm({ wsId, onAdded }: { wsId: string; onAdded(domain: string): void }) {
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [planLimit, setPlanLimit] = useState<string>();

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setPlanLimit(undefined);
    try {
      const added = await api<{ domain: string }>('POST', `/workspaces/${wsId}/domains`, { domain: domain.trim() });
      toast(`Added ${added.domain}: set its DNS records, then verify`);
      setDomain('');
      onAdded(added.domain);
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 402) setPlanLimit(failure.message);
      else setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

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
