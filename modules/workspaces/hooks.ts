declare module '../../core/hooks' {
  interface HookMap {
    /** a workspace's settings or plan changed, or it was deleted: drop cached copies */
    'workspace.changed': { workspaceId: string };
  }
}
export {};
