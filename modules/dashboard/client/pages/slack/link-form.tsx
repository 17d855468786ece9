import { useState } from 'preact/hooks';
import { ApiFailure, api, type ApiAnswer } from '../../api';
import { ROLES, type Role } from '../../session';
import { Button, Field, FailureNotice, inputRefusal, useSubmit } from '../../ui';

export type SlackLink = ApiAnswer<'get', '/api/workspaces/{wsId}/slack-links'>['slack_links'][number];
type DomainList = ApiAnswer<'get', '/api/workspaces/{wsId}/domains'>;

const ROLE_MEANS: Record<Role, string> = {
  viewer: 'viewer: /linkhop stats only',
  editor: 'editor: also makes short links',
  admin: 'admin: as editor (the command does nothing more)',
  owner: 'owner: as editor (the command does nothing more)',
};

/** The fields a refusal names, so its words stand under the right one. */
const FIELDS = ['team_id', 'name', 'role', 'signing_secret', 'domain'] as const;
type FieldName = (typeof FIELDS)[number];

/** Links a Slack team: its id, a name, the role its commands act with, the app's signing secret and the domain of new links. */
export function SlackLinkForm({ wsId, domains, onLinked }: { wsId: string; domains?: DomainList; onLinked(link: SlackLink): void }) {
  const [teamId, setTeamId] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [secret, setSecret] = useState('');
  const [domain, setDomain] = useState('');
  const { busy, failure, submit } = useSubmit(async () => {
    const linked = await api.post('/api/workspaces/{wsId}/slack-links', {
      params: { path: { wsId } },
      body: { team_id: teamId.trim(), name: name.trim(), role, signing_secret: secret.trim(), domain: domain || undefined },
    });
    setTeamId('');
    setName('');
    setSecret('');
    onLinked(linked);
  });
  const refusal = inputRefusal(failure);
  const field = failure instanceof ApiFailure ? failure.field : undefined;
  const errorOf = (name: FieldName) => (refusal && field === name ? refusal : undefined);
  const placed = refusal && FIELDS.includes(field as FieldName);
  return (
    <form class="panel slack-form" onSubmit={submit} aria-labelledby="slack-form-heading">
      <h2 id="slack-form-heading">Link a Slack workspace</h2>
      <div class="slack-form-fields">
        <Field
          label="Slack team ID"
          hint="Starts with T, e.g. T0123ABCD: in Slack's web address (app.slack.com/client/T…) or the workspace settings."
          required
          maxLength={32}
          autocomplete="off"
          spellcheck={false}
          value={teamId}
          error={errorOf('team_id')}
          onInput={(e) => setTeamId(e.currentTarget.value)}
        />
        <Field
          label="Name"
          hint="For people here, e.g. the Slack workspace's name."
          required
          maxLength={100}
          value={name}
          error={errorOf('name')}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <Field label="Role of the command" hint="What /linkhop may do in this workspace. It acts as you, never above your own role." error={errorOf('role')}>
          {(control) => (
            <select {...control} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_MEANS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Domain of new links" hint="A back-half needs a custom domain; on the default domain it is generated." error={errorOf('domain')}>
          {(control) => (
            <select {...control} value={domain} onChange={(e) => setDomain(e.currentTarget.value)}>
              <option value="">{domains ? `${domains.default_domain} (default)` : 'Default domain'}</option>
              {(domains?.domains ?? []).map((d) => (
                <option key={d.domain} value={d.domain}>
                  {d.verified ? d.domain : `${d.domain} (not verified yet)`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Signing secret"
          hint="From your Slack app: Basic Information → App Credentials → Signing Secret. Kept sealed; never shown again."
          type="password"
          required
          autocomplete="off"
          maxLength={128}
          value={secret}
          error={errorOf('signing_secret')}
          onInput={(e) => setSecret(e.currentTarget.value)}
        />
      </div>
      {failure !== undefined && !placed && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        Link Slack workspace
      </Button>
    </form>
  );
}
