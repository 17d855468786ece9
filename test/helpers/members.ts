import type { Plan, Role } from '../../core/plans';
import { createApiKey } from '../../modules/api-keys/service';
import { addMember, ensureUser } from '../../modules/members/service';
import type { TestApp } from './app';

/** A new user with `role` in the workspace and an API key acting as them (for guard tests). */
export async function memberWithKey(t: TestApp, workspaceId: string, role: Role, plan: Plan = 'free') {
  const user = await ensureUser(t.deps.db, `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`, role, { proven: true });
  await addMember(t.deps.db, workspaceId, user.id, role);
  const key = await t.deps.db.transaction((tx) => createApiKey(tx, { workspaceId, userId: user.id, plan, role, audit: false }));
  return { userId: user.id, email: user.email, key: key.key };
}
