import type { Role } from '../../session';

/** GET /workspaces/{wsId} (spec: Workspace); the secrets are '********' below admin. */
export interface WorkspaceSettings {
  id: string;
  name: string;
  slug: string;
  plan: string;
  ga_id: string | null;
  ga_api_secret: string | null;
  fb_pixel_id: string | null;
  fb_access_token: string | null;
  retargeting_scripts: string[] | null;
  default_utm_params: Record<string, string> | null;
  parent_workspace_id: string | null;
  member_count: number;
  created_at: string;
  governance?: Record<string, unknown>;
  expired_page_url: string;
}

/** Only the owner may PATCH or DELETE a workspace (the API answers everyone else 403). */
export const mayChangeSettings = (role: Role) => role === 'owner';
