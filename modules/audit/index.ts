// The audit module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { auditModule } from './module';
export { recordAudit, recordAudits, userNames } from './service';

// What an extension plugin may do with the log (`ctx.services.audit`, built in the descriptor).
declare module '../../core/module' {
  interface PluginServices {
    audit: {
      /** an audit entry with action `plugin:<name>.<action>` (a plugin cannot write the kernel's actions) */
      record(workspaceId: string, action: string, details?: Record<string, unknown>, opts?: { userId?: string | null }): Promise<void>;
    };
  }
}
