import { useState } from 'preact/hooks';
import { api, failureMessage } from '../../api';
import { roleAtLeast, useWorkspace } from '../../session';
import { Button, ConfirmDialog, Day, EmptyState, FailureNotice, Loading, toast, useLoad } from '../../ui';
import { AddDomainForm } from './add-form';
import { DnsRecords } from './records';
import type { DomainItem } from './types';
import { type VerifyOutcome, VerifyOutcomeNotice } from './verify-outcome';
import './domains.css';

interface DomainCardProps {
  domain: DomainItem;
  cnameTarget: string;
  mayManage: boolean;
  outcome?: VerifyOutcome;
  verifying: boolean;
  onVerify(): void;
  onRemove(): void;
}

/** One domain: its status, the records to set (folded away once verified), the last check's answer, and (admins) its actions. */
function DomainCard({ domain, cnameTarget, mayManage, outcome, verifying, onVerify, onRemove }: DomainCardProps) {
  const headingId = `domain-${domain.id}`;
  const records = <DnsRecords domain={domain} cnameTarget={cnameTarget} />;
  return (
    <section class="panel domain-card" aria-labelledby={headingId}>
      <div class="domain-head">
        <h3 id={headingId}>{domain.domain}</h3>
        <span class={`domain-status ${domain.verified ? 'is-verified' : 'is-pending'}`}>{domain.verified ? 'Verified' : 'Pending verification'}</span>
      </div>
      <p class="muted domain-added">
        Added <Day iso={domain.created_at} />
      </p>
      {domain.verified ? (
        <details class="domain-records">
          <summary>DNS records of {domain.domain}</summary>
          {records}
        </details>
      ) : (
        <>
          <p>Set these two records at your DNS provider, then verify. Keep both in place: the CNAME carries every visit.</p>
          {records}
        </>
      )}
      {outcome && <VerifyOutcomeNotice domain={domain.domain} outcome={outcome} cnameTarget={cnameTarget} />}
      {mayManage && (
        <div class="domain-actions">
          {!domain.verified && (
            <Button variant="primary" busy={verifying} onClick={onVerify}>
              Verify now<span class="visually-hidden"> {domain.domain}</span>
            </Button>
          )}
          <Button variant="quiet" onClick={onRemove}>
            Remove<span class="visually-hidden"> {domain.domain}</span>
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * Custom domains: everyone sees them and the records to set; admins and the owner add, verify and
 * remove them (the API refuses the others, so they are not offered).
 */
export function DomainsPage({ wsId }: { wsId: string; linkId?: string }) {
  const workspace = useWorkspace();
  const mayManage = roleAtLeast(workspace.role, 'admin');
  const list = useLoad(() => api.get('/api/workspaces/{wsId}/domains', { params: { path: { wsId } } }), [wsId]);
  const [outcomes, setOutcomes] = useState<Record<string, VerifyOutcome>>({});
  const [verifying, setVerifying] = useState<string>();
  const [removing, setRemoving] = useState<{ domain: DomainItem; links: number }>();
  const [busy, setBusy] = useState(false);

  const verify = async (domain: DomainItem) => {
    setVerifying(domain.id);
    try {
      const result = await api.post('/api/workspaces/{wsId}/domains/{domainId}/verify', { params: { path: { wsId, domainId: domain.id } } });
      setOutcomes((all) => ({ ...all, [domain.id]: { result } }));
      if (result.verified) list.reload();
    } catch (failure) {
      setOutcomes((all) => ({ ...all, [domain.id]: { result: all[domain.id]?.result, failure } }));
    } finally {
      setVerifying(undefined);
    }
  };

  // the warning names the links the removal takes with it, counted when asked
  const askRemove = async (domain: DomainItem) => {
    try {
      const { count } = await api.get('/api/workspaces/{wsId}/domains/{domainId}/link-count', { params: { path: { wsId, domainId: domain.id } } });
      setRemoving({ domain, links: count });
    } catch (failure) {
      toast(`Could not count the links on ${domain.domain}: ${failureMessage(failure)}`);
    }
  };
  const remove = async () => {
    const { domain } = removing!;
    setBusy(true);
    try {
      await api.delete('/api/workspaces/{wsId}/domains/{domainId}', { params: { path: { wsId, domainId: domain.id } } });
      toast(`Removed ${domain.domain}`);
    } catch (failure) {
      toast(`Could not remove ${domain.domain}: ${failureMessage(failure)}`);
    } finally {
      setBusy(false);
      setRemoving(undefined);
      list.reload();
    }
  };

  const data = list.data;
  return (
    <div class="domains-page">
      <div class="page-header">
        <h1>Custom domains</h1>
      </div>
      <p class="muted">
        Short links can use a domain of your own instead of <strong>{data?.default_domain ?? 'the built-in domain'}</strong>. Add it, set its DNS records, then
        verify it.
      </p>
      {mayManage ? (
        <AddDomainForm wsId={wsId} onAdded={list.reload} />
      ) : (
        <div class="notice" role="note">
          <p>Only admins and the owner add, verify and remove domains. Your role in this workspace is {workspace.role}.</p>
        </div>
      )}
      {list.error ? (
        <FailureNotice error={list.error} retry={list.reload} />
      ) : !data ? (
        <Loading label="Loading domains…" />
      ) : (
        <section aria-labelledby="domain-list-heading">
          <h2 id="domain-list-heading">Your domains ({data.domains.length})</h2>
          {data.domains.length === 0 ? (
            <EmptyState title="No custom domains yet">
              <p>{mayManage ? 'Add one above.' : 'An admin can add one.'}</p>
            </EmptyState>
          ) : (
            data.domains.map((domain) => (
              <DomainCard
                key={domain.id}
                domain={domain}
                cnameTarget={data.cname_target}
                mayManage={mayManage}
                outcome={outcomes[domain.id]}
                verifying={verifying === domain.id}
                onVerify={() => verify(domain)}
                onRemove={() => askRemove(domain)}
              />
            ))
          )}
        </section>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing?.domain.domain ?? ''}?`}
        confirmLabel="Remove domain"
        danger
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(undefined)}
      >
        <p>{removing && removalWarning(removing.domain.domain, removing.links)}</p>
      </ConfirmDialog>
    </div>
  );
}

/** What removing a domain does, as the API does it: its links are deleted with it, clicks included. */
function removalWarning(domain: string, links: number): string {
  if (links === 0) return `No links use ${domain}. It stops serving short links at once; you may remove its DNS records afterwards.`;
  if (links === 1)
    return `1 link uses ${domain}. Removing the domain deletes that link and its click statistics: its short URL stops working at once. This cannot be undone.`;
  return `${links} links use ${domain}. Removing the domain deletes those links and their click statistics: their short URLs stop working at once. This cannot be undone.`;
}
