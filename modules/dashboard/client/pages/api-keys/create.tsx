import { useState } from 'preact/hooks';
import { api, type ApiAnswer } from '../../api';
import { ROLES, roleAtLeast, type Role } from '../../session';
import { Button, copyText, Field, FailureNotice, inputRefusal, toast, useSubmit } from '../../ui';

export type CreatedKey = ApiAnswer<'post', '/api/workspaces/{wsId}/api-keys'>;

const ROLE_MEANS: Record<Role, string> = {
  viewer: 'viewer: reads links and statistics',
  editor: 'editor: also creates and changes links',
  admin: 'admin: also manages domains, members and keys',
  owner: 'owner: everything, including deleting the workspace',
};

/** Name and role of a new key; only roles up to the creator's own are offered (the API refuses higher ones too). */
export function CreateKeyForm({ wsId, myRole, onCreated }: { wsId: string; myRole: Role; onCreated(key: CreatedKey): void }) {
  const allowed = ROLES.filter((role) => roleAtLeast(myRole, role));
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const { busy, failure, submit } = useSubmit(async () => {
    const created = await api.post('/api/workspaces/{wsId}/api-keys', { params: { path: { wsId } }, body: { name: name.trim() || undefined, role } });
    setName('');
    onCreated(created);
  });
  const nameError = inputRefusal(failure);
  return (
    <form class="panel key-form" onSubmit={submit} aria-labelledby="new-key-heading">
      <h2 id="new-key-heading">Create a key</h2>
      <div class="key-form-fields">
        <Field
          label="Name"
          hint="What uses the key, e.g. “CI” or “Zapier”. Default “API Key”."
          maxLength={100}
          value={name}
          error={nameError}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <Field label="Role" hint="What the key may do; never more than your own role.">
          {(control) => (
            <select {...control} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {allowed.map((r) => (
                <option key={r} value={r}>
                  {ROLE_MEANS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {failure !== undefined && !nameError && <FailureNotice error={failure} />}
      <Button type="submit" variant="primary" busy={busy}>
        Create key
      </Button>
    </form>
  );
}

/** The new key, shown this once: a copy button and the plain warning that it cannot be shown again. */
export function NewKeyPanel({ created, onDone }: { created: CreatedKey; onDone(): void }) {
  return (
    <section class="panel new-key" aria-labelledby="created-key-heading">
      <h2 id="created-key-heading">Copy your new key “{created.name}” now</h2>
      <p>
        <strong>You will not see it again.</strong> Linkhop keeps only a fingerprint of the key; store it somewhere safe, such as a secrets manager.
      </p>
      <div class="new-key-value">
        <Field label="Your new key" class="new-key-field" readOnly value={created.key} onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={async () => toast((await copyText(created.key)) ? 'Key copied' : 'Could not copy; select the key and copy it by hand')}>
          Copy key
        </Button>
      </div>
      <Button variant="primary" onClick={onDone}>
        I have stored the key
      </Button>
    </section>
  );
}
