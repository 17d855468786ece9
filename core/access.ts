import { Elysia } from 'elysia';
import { ApiError, forbidden, notFound, paymentRequired } from './errors';
import { featureMessage, FEATURE_MIN_PLAN, planAtLeast, roleAtLeast, type Feature, type Plan, type Role } from './plans';

/** Who is calling: the user behind an API key, and that key's workspace and role. */
export interface Actor {
  userId: string;
  email: string;
  keyId: string;
  keyWorkspaceId: string;
  keyRole: Role;
}

/** The workspace named by `{wsId}` as the actor may use it. */
export interface WorkspaceAccess {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  parentWorkspaceId: string | null;
  /** UTM parameters a new link without its own gets */
  defaultUtmParams: Record<string, string> | null;
  /** the actor's effective role here: the key's role capped by the user's membership */
  role: Role;
}

export interface AccessResolver {
  authenticate(rawKey: string): Promise<Actor | null>;
  workspaceAccess(actor: Actor, workspaceId: string): Promise<WorkspaceAccess | null>;
}

export interface AccessRule {
  /** minimum role in the workspace of `{wsId}` */
  role?: Role;
  /** minimum plan of that workspace */
  plan?: Plan;
  /** a feature gate (its minimum plan comes from core/plans.ts) */
  feature?: Feature;
}

/**
 * The one guard: API key → actor → workspace → role minimum → plan minimum.
 * `{ access: true }` only authenticates; `{ access: { role: 'editor', feature: 'webhooks' } }`
 * also checks the `{wsId}` workspace. Order of answers: 401, 404, 403, 402 — all before body
 * validation (the checks run in `transform`), so an unauthenticated request is always 401.
 */
export const accessMacro = (resolver: AccessResolver) => {
  const granted = new WeakMap<Request, { actor: Actor; workspace: WorkspaceAccess }>();
  return new Elysia({ name: 'access' }).macro({
    access: (rule: AccessRule | true) => ({
      async transform({ headers, params, request }) {
        const raw = headers['x-api-key'];
        const actor = raw ? await resolver.authenticate(raw) : null;
        if (!actor) throw new ApiError(401, raw ? 'Invalid API key' : 'Missing API key: send it in the X-API-Key header');
        const wsId = (params as Record<string, string> | undefined)?.wsId;
        if (rule === true || !wsId) {
          granted.set(request, { actor, workspace: undefined as unknown as WorkspaceAccess });
          return;
        }
        const workspace = await resolver.workspaceAccess(actor, wsId);
        if (!workspace) throw notFound('Workspace');
        if (rule.role && !roleAtLeast(workspace.role, rule.role)) {
          throw forbidden(`This action needs the ${rule.role} role or higher; you are ${workspace.role}`);
        }
        if (rule.feature && !planAtLeast(workspace.plan, FEATURE_MIN_PLAN[rule.feature])) throw paymentRequired(featureMessage(rule.feature));
        if (rule.plan && !planAtLeast(workspace.plan, rule.plan)) throw paymentRequired(`Plan upgrade required: this needs the ${rule.plan} plan or higher`);
        granted.set(request, { actor, workspace });
      },
      resolve({ request }) {
        return granted.get(request)!;
      },
    }),
  });
};
