/** The actions the log records (the reference interface's list, then the conversions' leads and sales): pure data, shared by the API tests and the dashboard's filter (runs in the browser). */
export const AUDIT_ACTIONS = [
  'link.create',
  'link.update',
  'link.delete',
  'link.bulk_delete',
  'member.update_role',
  'member.remove',
  'invite.create',
  'invite.accept',
  'domain.add',
  'domain.verify',
  'domain.remove',
  'api_key.create',
  'api_key.delete',
  'workspace.update',
  'workspace.plan',
  'workspace.delete',
  'client.create',
  'lead.create',
  'sale.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
