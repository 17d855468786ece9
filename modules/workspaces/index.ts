// The workspaces module's public face: what other modules and the app use of it (nothing else is imported from outside).
export { createAccessResolver } from './access';
export type { GovernancePolicy } from './governance-policy';
export {
  analyticsAccounts,
  createClientWorkspace,
  createWorkspace,
  dashboardWorkspaces,
  getWorkspaceRow,
  insertOwnedWorkspace,
  listAllWorkspaces,
  listClientWorkspaces,
  rememberedWorkspace,
  setWorkspacePlan,
} from './service';
export { workspacesModule } from './module';
