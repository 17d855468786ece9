import { api, type ApiAnswer } from '../api';
import { useLoad } from '../ui';

export type SignInOptions = ApiAnswer<'get', '/api/session/options'>;

/** How this server lets people sign in (e-mail links, single sign-on): asked once per sign-in page. */
export const useSignInOptions = () => useLoad(() => api.get('/api/session/options'), []);

/**
 * Why a single sign-on came back without signing in, from the callback's `?sso_error=` code. The
 * callback sends a code, never text: a crafted link cannot put words of its choosing on this page.
 */
export function ssoErrorText(code: string, provider: string): string {
  const reasons: Record<string, string> = {
    denied: `Sign-in was cancelled at ${provider}, or ${provider} refused it.`,
    provider: `${provider} answered with an error. Try again, or ask your administrator.`,
    expired: 'That single sign-on attempt expired or was already used. Start again.',
    state: `The answer from ${provider} did not belong to a sign-in started in this browser (its state did not match). Nobody was signed in; start again.`,
    code: `${provider} refused the sign-in code: it expired or was already used. Start again.`,
    token: `The identity token from ${provider} failed its checks (issuer, audience, expiry or nonce). Nobody was signed in.`,
    unverified: `${provider} did not confirm that your e-mail address is verified. Verify it there, then try again.`,
    no_account: 'There is no Linkhop account for this address, and its e-mail domain does not join a workspace. Ask a workspace owner to invite you.',
    no_seat: 'The workspace of your e-mail domain has no free seat. Ask its owner.',
    unavailable: `${provider} could not be reached. Try again in a little while.`,
  };
  return reasons[code] ?? `Single sign-on with ${provider} did not work. Start again.`;
}

/** The provider's button: a plain link, because the start is a redirect to the provider. */
export function SsoButton({ name }: { name: string }) {
  return (
    <a class="button button-primary sso-button" href="/api/session/oidc/start">
      Sign in with {name}
    </a>
  );
}
