import type { ApiAnswer } from '../../api';
import type { Role } from '../../session';

/** GET /workspaces/{wsId} (the API's Workspace); the secrets are '********' below admin. */
export type WorkspaceSettings = ApiAnswer<'get', '/api/workspaces/{wsId}'>;

/** Only the owner may PATCH or DELETE a workspace (the API answers everyone else 403). */
export const mayChangeSettings = (role: Role) => role === 'owner';
