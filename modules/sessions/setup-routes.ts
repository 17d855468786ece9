import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { errors } from '../../core/model';
import { jsonOnly } from './json-only';
import { SetupBody, SetupState, SignedIn } from './model';
import { completeSetup, setupNeeded } from './setup';

/** First-run setup: whether it is open, and using its one-time link (the dashboard's /app/setup page). */
export const setupRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:setup', detail: { tags: ['Dashboard sessions'] } })
    .get('/api/setup', async () => ({ needed: await setupNeeded(deps) }), {
      response: { 200: SetupState },
      detail: { summary: 'Whether first-run setup is open (the instance has no user yet)', security: [] },
    })
    .post(
      '/api/setup',
      async ({ body, request, set }) => {
        const opened = await completeSetup(deps, body, request.headers.get('user-agent'));
        set.headers['set-cookie'] = opened.cookie;
        return { user: opened.user, csrf_token: opened.csrfToken };
      },
      {
        transform: jsonOnly,
        body: SetupBody,
        response: { 200: SignedIn, ...errors(400, 403, 410, 415) },
        detail: {
          summary:
            'Create the first user (instance operator, owning a workspace on the top plan) with the setup link, and sign in (sets the lh_session cookie)',
          security: [],
        },
      },
    );
