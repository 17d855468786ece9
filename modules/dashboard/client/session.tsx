import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { api, type ApiAnswer, hasCode, setCsrfToken, whenSignedOut } from './api';

export type SessionInfo = ApiAnswer<'get', '/api/session'>;
export type User = SessionInfo['user'];
export type Workspace = SessionInfo['workspaces'][number];
export type Role = Workspace['role'];

interface SessionState {
  /** undefined while loading, null when signed out */
  session: SessionInfo | null | undefined;
  /** reloads the session (after signing in, joining, or creating a workspace) */
  refresh(): Promise<SessionInfo | null>;
  signOut(everywhere?: boolean): Promise<void>;
}

const SessionContext = createContext<SessionState | undefined>(undefined);
const WorkspaceContext = createContext<Workspace | undefined>(undefined);

export const ROLES: Role[] = ['viewer', 'editor', 'admin', 'owner'];
export const roleAtLeast = (role: Role, minimum: Role) => ROLES.indexOf(role) >= ROLES.indexOf(minimum);

const LAST_WORKSPACE = 'linkhop.lastWorkspace';
export const rememberWorkspace = (id: string) => localStorage.setItem(LAST_WORKSPACE, id);
/** The workspace /app opens: the last one used, if the person still belongs to it, else the first. */
export const homeWorkspace = (session: SessionInfo) => session.workspaces.find((w) => w.id === localStorage.getItem(LAST_WORKSPACE)) ?? session.workspaces[0];

export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const loaded = await api.get('/api/session');
      setCsrfToken(loaded.csrf_token);
      setSession(loaded);
      return loaded;
    } catch (error) {
      if (!hasCode(error, 'unauthenticated')) throw error;
      setCsrfToken(undefined);
      setSession(null);
      return null;
    }
  }, []);

  const signOut = useCallback(async (everywhere = false) => {
    await (everywhere ? api.delete('/api/session/all') : api.delete('/api/session')).catch((error) => {
      // 401: the session had ended already (expired, or signed out elsewhere): signed out is what was asked for
      if (!hasCode(error, 'unauthenticated')) throw error;
    });
    setCsrfToken(undefined);
    setSession(null);
  }, []);

  useEffect(() => {
    refresh().catch(() => setSession(null));
    // a session that ended elsewhere (expiry, "sign out everywhere"): forget it; the routes then lead to sign-in
    whenSignedOut(() => {
      setCsrfToken(undefined);
      setSession(null);
    });
  }, [refresh]);

  const value = useMemo(() => ({ session, refresh, signOut }), [session, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

export const WorkspaceProvider = WorkspaceContext.Provider;

/** The workspace of the current `/app/w/:wsId` route, as the session lists it (role = the person's role there). */
export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside a workspace route');
  return workspace;
}
