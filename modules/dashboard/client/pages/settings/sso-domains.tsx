import { useState } from 'preact/hooks';
import { hasFeature, featureMessage, type Plan } from '../../../../../core/plans';
import { api, type ApiAnswer, failureMessage } from '../../api';
import { Button, CopyButton, FailureNotice, Field, Loading, PlanChange, toast, useLoad } from '../../ui';

type SsoDomain = ApiAnswer<'get', '/api/workspaces/{wsId}/sso-domains'>['data'][number];
type JoinRole = SsoDomain['default_role'];
const ROLES: JoinRole[] = ['viewer', 'editor', 'admin'];

/**
 * The owner's e-mail domains for single sign-on: once a domain's TXT record is verified, a person
 * signing in by single sign-on with an address there joins this workspace with its role.
 */
export function SsoDomains({ wsId, plan }: { wsId: string; plan: Plan }) {
  const available = hasFeature(plan, 'sso_domains');
  return (
    <section class="editor-section" aria-labelledby="sso-heading">
      <h2 id="sso-heading">Single sign-on domains</h2>
      <p class="section-intro">
        People who sign in with single sign-on using an address at a verified domain join this workspace with the domain's role. With “SSO required”, those
        addresses cannot sign in by e-mail link.
      </p>
      {available ? (
        <SsoDomainList wsId={wsId} />
      ) : (
        <div class="notice notice-plan" role="note">
          <p>{featureMessage('sso_domains')}.</p>
          <PlanChange />
        </div>
      )}
    </section>
  );
}

function SsoDomainList({ wsId }: { wsId: string }) {
  const one = (ssoDomainId: string) => ({ params: { path: { wsId, ssoDomainId } } });
  const loaded = useLoad(() => api.get('/api/workspaces/{wsId}/sso-domains', { params: { path: { wsId } } }), [wsId]);
  const [domain, setDomain] = useState('');
  const [role, setRole] = useState<JoinRole>('viewer');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      loaded.reload();
      toast(done);
    } catch (failure) {
      toast(failureMessage(failure));
    }
  };
  const add = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api.post('/api/workspaces/{wsId}/sso-domains', { params: { path: { wsId } }, body: { domain: domain.trim(), default_role: role } });
      setDomain('');
      loaded.reload();
      toast(`${domain.trim()} added: place its TXT record, then verify`);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const verify = (d: SsoDomain) =>
    act(async () => {
      const result = await api.post('/api/workspaces/{wsId}/sso-domains/{ssoDomainId}/verify', one(d.id));
      if (!result.verified) throw new Error(`No TXT record ${d.txt_record} at ${d.txt_name} yet`);
    }, `${d.domain} is verified`);

  if (loaded.error) return <FailureNotice error={loaded.error} retry={loaded.reload} />;
  if (!loaded.data) return <Loading />;
  return (
    <>
      {loaded.data.data.length > 0 && (
        <ul class="sso-domains">
          {loaded.data.data.map((d) => (
            <li key={d.id} class="sso-domain">
              <p>
                <strong>{d.domain}</strong> · {d.verified ? 'verified' : 'not verified yet'}
              </p>
              {!d.verified && (
                <p class="field-hint">
                  Add a TXT record at <code>{d.txt_name}</code> with the value <code>{d.txt_record}</code>{' '}
                  <CopyButton text={d.txt_record} name={`TXT value for ${d.domain}`} />
                </p>
              )}
              <div class="sso-domain-controls">
                <label>
                  Role on joining{' '}
                  <select
                    aria-label={`Role on joining from ${d.domain}`}
                    value={d.default_role}
                    onChange={(e) =>
                      act(
                        () =>
                          api.patch('/api/workspaces/{wsId}/sso-domains/{ssoDomainId}', {
                            ...one(d.id),
                            body: { default_role: e.currentTarget.value as JoinRole },
                          }),
                        `${d.domain}: role changed`,
                      )
                    }
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <input
                    type="checkbox"
                    checked={d.sso_required}
                    onChange={(e) =>
                      act(
                        () => api.patch('/api/workspaces/{wsId}/sso-domains/{ssoDomainId}', { ...one(d.id), body: { sso_required: e.currentTarget.checked } }),
                        `${d.domain}: saved`,
                      )
                    }
                  />{' '}
                  SSO required for {d.domain}
                </label>
                {!d.verified && <Button onClick={() => verify(d)}>Verify {d.domain}</Button>}
                <Button
                  variant="quiet"
                  onClick={() => act(() => api.delete('/api/workspaces/{wsId}/sso-domains/{ssoDomainId}', one(d.id)), `${d.domain} removed`)}
                >
                  Remove {d.domain}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form class="sso-domain-add" onSubmit={add} noValidate aria-label="Add a single sign-on domain">
        <Field
          label="E-mail domain"
          value={domain}
          placeholder="example.com"
          error={error}
          autoComplete="off"
          onInput={(e) => setDomain(e.currentTarget.value)}
        />
        <Field label="Role on joining">
          {(control) => (
            <select {...control} value={role} onChange={(e) => setRole(e.currentTarget.value as JoinRole)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" busy={busy}>
          Add domain
        </Button>
      </form>
    </>
  );
}
