import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import type { LinkhopModule } from '../../core/module';
import { registerJobs } from './jobs';
import { sessionRoutes } from './routes';
import { createSessionAuthenticator } from './service';
import { setupLink } from './setup';
import { setupRoutes } from './setup-routes';

/** While the instance has no user, each start prints the one-time setup link (first-run setup). */
async function announceSetup(deps: Deps) {
  const url = await setupLink(deps).catch((err) => void deps.log.warn({ err }, 'first-run setup link not made'));
  if (!url) return;
  deps.log.warn({ setupUrl: url }, `First run: open ${url} to create the operator account (the link works once)`);
  // and once as plain text on lines of its own: a person reading `npm start` or `docker compose logs` finds it without parsing JSON
  if (deps.config.logLevel !== 'silent') process.stderr.write(`\nFirst run: open this link to create the operator account (it works once):\n${url}\n\n`);
}

/** Dashboard sign-in, sessions and first-run setup; its job looks up the address behind a sign-in link request. */
export const sessionsModule: LinkhopModule = {
  name: 'sessions',
  jobs: registerJobs,
  sessionAuthenticator: createSessionAuthenticator,
  // signing in and out, first-run setup, and an invitation's preview and join (its token is the credential)
  keylessRoutes: [
    '/api/session',
    '/api/session/sign-in-link',
    '/api/session/options',
    '/api/session/oidc/start',
    '/api/session/oidc/callback',
    '/api/setup',
    '/api/invites/*',
  ],
  commands: {
    'setup-link': {
      usage: 'setup-link',
      async run(deps) {
        const url = await setupLink(deps);
        if (!url) throw new ApiError(409, 'The instance is set up (it has users): sign in, or print a sign-in link with `bun run cli login-link --email E`');
        return { url };
      },
    },
  },
  routes: (deps) => new Elysia({ name: 'module:sessions' }).use(sessionRoutes(deps)).use(setupRoutes(deps)),
  start: (deps) => void announceSetup(deps),
};
