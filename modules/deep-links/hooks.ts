declare module '../../core/hooks' {
  interface RedirectResolve {
    /** set by the deep-link stage (60) when the app-detection page is to be shown (rendered at 80) */
    appLaunch?: { appUrl: string; storeUrl: string | null };
  }
}
export {};
