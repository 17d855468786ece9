// The few WebExtension APIs the extension uses, typed by hand (Chromium and Firefox both offer them
// as `chrome.*` returning promises in Manifest V3): no @types/chrome dependency for five calls.
interface ExtensionTab {
  id?: number;
  url?: string;
  active: boolean;
  lastAccessed?: number;
}

declare const chrome: {
  runtime: { id: string; getURL(path: string): string };
  storage: {
    local: {
      get(keys: string | string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    };
  };
  tabs: {
    query(query: { active?: boolean; lastFocusedWindow?: boolean }): Promise<ExtensionTab[]>;
    create(props: { url: string; active?: boolean }): Promise<ExtensionTab>;
    remove(tabId: number): Promise<void>;
    getCurrent(): Promise<ExtensionTab | undefined>;
  };
};
