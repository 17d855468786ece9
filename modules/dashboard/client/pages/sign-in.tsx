import { useEffect, useState } from 'preact/hooks';
import { api, type ApiFailure, failureMessage, hasCode, isInputRefusal, setCsrfToken } from '../api';
import { useSession } from '../session';
import { Button, ErrorNotice, Field, navigate, toast } from '../ui';
import { useHashToken } from './hash-token';
import type { Loaded } from '../ui/use-load';
import { SetupLinkHint } from './setup';
import { ssoErrorText, SsoButton, useSignInOptions, type SignInOptions } from './sso';

function retryText(error: ApiFailure) {
  return error.retryAfter ? ` Try again in ${error.retryAfter} seconds.` : ' Try again in a little while.';
}

function LinkRequestForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      await api.post('/api/session/sign-in-link', { body: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (failure) {
      if (hasCode(failure, 'rate_limited')) setError(`Too many sign-in requests.${retryText(failure)}`);
      else if (isInputRefusal(failure)) setFieldError(failure.message);
      else setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div class="notice notice-success" role="status">
        <h2>Check your mail</h2>
        <p>
          If <strong>{sentTo}</strong> can sign in to Linkhop, a sign-in link is on its way to it. The link works once, for 15 minutes.
        </p>
        <Button variant="quiet" onClick={() => setSentTo(undefined)}>
          Use another address
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        error={fieldError}
        hint="We will mail you a link that signs you in; no password needed."
        onInput={(e: Event) => setEmail((e.currentTarget as HTMLInputElement).value)}
      />
      {error && (
        <p class="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" busy={busy}>
        Send sign-in link
      </Button>
    </form>
  );
}

/** Signed out: single sign-on beside the e-mail form, each as the server allows; a single sign-on that came back refused says why. */
function SignInChoices({ options }: { options: Loaded<SignInOptions> }) {
  const ssoError = new URLSearchParams(location.search).get('sso_error');
  // until the server says otherwise (it is asked at once), the e-mail form is there as it always was
  const { sso, email_links, mail, setup_needed } = options.data ?? { sso: null, email_links: true, mail: true, setup_needed: false };
  if (setup_needed)
    return (
      <div class="notice" role="note">
        <h2>First run: no account yet</h2>
        <SetupLinkHint />
      </div>
    );
  return (
    <>
      {email_links && !mail && (
        <p class="notice" role="note">
          This server sends no mail (no SMTP_URL is set): sign-in links go to the server’s log, where its operator can find them.
        </p>
      )}
      {ssoError && options.data && <ErrorNotice error={ssoErrorText(ssoError, sso?.name ?? 'the identity provider')} />}
      {sso && <SsoButton name={sso.name} />}
      {sso && email_links && <p class="sign-in-or">or get a sign-in link by e-mail</p>}
      {email_links && <LinkRequestForm />}
      {!sso && !email_links && <p>Sign-in by e-mail is turned off on this server. Ask its operator for a sign-in link.</p>}
    </>
  );
}

/** The first sign-in that proved the address ended what was opened on the account without that proof (also mailed). */
function revokedNotice(revoked: { sessions: number; api_keys: number; oauth_grants: number }): string {
  const ended = [
    revoked.sessions && `${revoked.sessions} other session${revoked.sessions === 1 ? '' : 's'}`,
    revoked.api_keys && `${revoked.api_keys} API key${revoked.api_keys === 1 ? '' : 's'}`,
    revoked.oauth_grants && `${revoked.oauth_grants} connected app${revoked.oauth_grants === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return `Signed in. For your safety we ended what was opened on this account before you proved your address: ${ended.join(', ')}. We mailed you the details.`;
}

/**
 * The mailed link lands here with `#token=…`: signing in takes a click, because mail scanners
 * fetch links and a GET must not use the token up. Without a token: ask for an address.
 */
export function SignInPage({ returnTo, onSignedIn }: { returnTo?: string; onSignedIn(): void }) {
  const { session, refresh } = useSession();
  const [token, setToken] = useHashToken();
  // asked at once, also while a mailed link's token waits for its click: a used link then shows the choices without a wait
  const options = useSignInOptions();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (session && !token) navigate('/app', { replace: true });
  }, [session, token]);

  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post('/api/session', { body: { token: token! } });
      setCsrfToken(answer.csrf_token);
      await refresh();
      onSignedIn();
      if (answer.revoked_without_proof) toast(revokedNotice(answer.revoked_without_proof));
      navigate(returnTo ?? '/app', { replace: true });
    } catch (failure) {
      setError(failureMessage(failure));
      if (hasCode(failure, 'gone')) setToken(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" class="standalone sign-in">
      <h1>Sign in to Linkhop</h1>
      {error && <ErrorNotice error={token ? error : `${error}. Ask for a new link below.`} />}
      {token ? (
        <div class="sign-in-confirm">
          <p>Continue to your dashboard on this device.</p>
          <Button variant="primary" busy={busy} onClick={signIn}>
            Sign in
          </Button>
        </div>
      ) : (
        <SignInChoices options={options} />
      )}
    </main>
  );
}
