import { useState } from 'preact/hooks';
import { api, ApiFailure, failureMessage, setCsrfToken } from '../api';
import { useSession } from '../session';
import { Button, ErrorNotice, Field, navigate } from '../ui';
import { useHashToken } from './hash-token';

/** Where the one-time setup link comes from, in the words a person running the server needs. */
export function SetupLinkHint() {
  return (
    <p>
      The server printed a one-time setup link when it started (a line beginning “First run: open”). Open it to create the first account; or print it again with{' '}
      <code>npm run cli -- setup-link</code> (with the server’s <code>DATA_DIR</code> or <code>DATABASE_URL</code>).
    </p>
  );
}

/**
 * First run: the setup link lands here with `#token=…`. The first account becomes the instance's
 * operator, owning a workspace on the top plan (every feature on), and is signed in.
 */
export function SetupPage() {
  const { refresh } = useSession();
  const [token] = useHashToken();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [workspace, setWorkspace] = useState('');
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await api.post('/api/setup', {
        body: { token: token!, email: email.trim(), name: name.trim() || undefined, workspace: workspace.trim() || undefined },
      });
      setCsrfToken(answer.csrf_token);
      await refresh();
      navigate('/app', { replace: true });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: string) => (failure instanceof ApiFailure && failure.isAbout(field) ? failure.message : undefined);
  const general = failure !== undefined && !(failure instanceof ApiFailure && failure.field) ? failureMessage(failure) : undefined;
  return (
    <main id="main" class="standalone sign-in">
      <h1>Set up Linkhop</h1>
      {!token ? (
        <SetupLinkHint />
      ) : (
        <form onSubmit={submit} noValidate>
          <p>Create the first account. It becomes this instance’s operator, with a workspace that has every feature on.</p>
          <Field
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            error={fieldError('email')}
            onInput={(e: Event) => setEmail((e.currentTarget as HTMLInputElement).value)}
          />
          <Field
            label="Your name"
            name="name"
            autoComplete="name"
            value={name}
            error={fieldError('name')}
            onInput={(e: Event) => setName((e.currentTarget as HTMLInputElement).value)}
          />
          <Field
            label="Workspace name"
            name="workspace"
            hint="For example your team or company; you can rename it later."
            value={workspace}
            error={fieldError('workspace')}
            onInput={(e: Event) => setWorkspace((e.currentTarget as HTMLInputElement).value)}
          />
          {general && <ErrorNotice error={general} />}
          <Button type="submit" variant="primary" busy={busy}>
            Create account
          </Button>
        </form>
      )}
    </main>
  );
}
