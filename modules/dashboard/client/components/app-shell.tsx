import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Role, roleAtLeast, useSession, type Workspace } from '../session';
import { Button, navigate, toast, useLocation } from '../ui';
import { failureMessage } from '../api';

interface Section {
  /** the first path segment below /app/w/:wsId ('' is Overview) */
  path: string;
  label: string;
  /** hidden below this role (the page itself still explains, and the API refuses) */
  minRole?: Role;
  /** shown to instance operators only (likewise explained and refused for others) */
  operatorOnly?: boolean;
}

/** The main navigation: the workspace's pages in groups, the first without a title. */
const NAV_GROUPS: { title?: string; sections: Section[] }[] = [
  {
    sections: [
      { path: '', label: 'Overview' },
      { path: 'conversions', label: 'Conversions' },
    ],
  },
  {
    title: 'Links',
    sections: [
      { path: 'links', label: 'Links' },
      { path: 'tags', label: 'Tags' },
      { path: 'domains', label: 'Domains' },
      { path: 'portfolios', label: 'Portfolios' },
      { path: 'templates', label: 'Templates' },
      { path: 'import-export', label: 'Import & export', minRole: 'editor' },
    ],
  },
  {
    title: 'Workspace',
    sections: [
      { path: 'members', label: 'Members' },
      { path: 'clients', label: 'Clients' },
      { path: 'api-keys', label: 'API keys', minRole: 'admin' },
      { path: 'webhooks', label: 'Webhooks' },
      { path: 'slack', label: 'Slack', minRole: 'owner' },
      { path: 'audit', label: 'Audit log', minRole: 'admin' },
      { path: 'governance', label: 'Governance' },
      { path: 'settings', label: 'Settings' },
    ],
  },
  { title: 'You', sections: [{ path: 'account', label: 'Account' }] },
  { title: 'Instance', sections: [{ path: 'operator', label: 'Operator console', operatorOnly: true }] },
];
const SECTIONS = NAV_GROUPS.flatMap((group) => group.sections);

/** Workspaces in switcher order: each top-level one followed by its client workspaces. */

function switcherOrder(workspaces: Workspace[]) {
  const ids = new Set(workspaces.map((w) => w.id));
  const clientsOf = (id: string) => workspaces.filter((w) => w.parent_workspace_id === id);
  const tops = workspaces.filter((w) => !w.parent_workspace_id || !ids.has(w.parent_workspace_id));
  return tops.flatMap((top) => [
    { workspace: top, client: Boolean(top.parent_workspace_id) },
    ...clientsOf(top.id).map((w) => ({ workspace: w, client: true })),
  ]);
}

/** A button that shows and hides the panel after it; Escape closes it and returns focus. */
function Disclosure({ label, id, children, class: className }: { label: ComponentChildren; id: string; children: ComponentChildren; class?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { path } = useLocation();
  useEffect(() => setOpen(false), [path]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside an open disclosure closes it (WAI-ARIA disclosure pattern); the button is the control
    <div
      class={`disclosure ${className ?? ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" class="disclosure-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span>{label}</span>
      </button>
      <div id={id} class="disclosure-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

function WorkspaceSwitcher({ current, workspaces }: { current: Workspace; workspaces: Workspace[] }) {
  return (
    <Disclosure
      id="workspace-list"
      class="workspace-switcher"
      label={
        <>
          Workspace: <strong>{current.name}</strong>
        </>
      }
    >
      <ul aria-label="Your workspaces">
        {switcherOrder(workspaces).map(({ workspace, client }) => (
          <li key={workspace.id} class={client ? 'client-workspace' : undefined}>
            <a href={`/app/w/${workspace.id}`} aria-current={workspace.id === current.id ? 'page' : undefined}>
              {workspace.name}
              <span class="workspace-meta">
                {client ? 'client · ' : ''}
                {workspace.plan} · {workspace.role}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}

function AccountMenu() {
  const { session, signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const leave = async (everywhere: boolean) => {
    setBusy(true);
    try {
      await signOut(everywhere);
      navigate('/app/sign-in', { replace: true });
      toast(everywhere ? 'Signed out on every device' : 'Signed out');
    } catch (error) {
      toast(`Could not sign out: ${failureMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="account">
      <Disclosure
        id="account-menu"
        class="account-menu"
        label={
          <>
            {/* "Account" is the page in the navigation above; this menu is about the session */}
            Signed in as<span class="account-email">{session?.user.email}</span>
          </>
        }
      >
        <p class="account-name">{session?.user.name ?? session?.user.email}</p>
        <Button variant="quiet" busy={busy} onClick={() => leave(true)}>
          Sign out everywhere
        </Button>
      </Disclosure>
      <Button busy={busy} onClick={() => leave(false)}>
        Sign out
      </Button>
    </div>
  );
}

/** The frame of every workspace page: navigation, workspace switcher and the person's menu; on a narrow screen the navigation folds behind "Menu". */
export function AppShell({ workspace, children }: { workspace: Workspace; children: ComponentChildren }) {
  const { session } = useSession();
  const { path } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  const base = `/app/w/${workspace.id}`;
  const section =
    path === base ? '' : SECTIONS.find((entry) => entry.path && (path === `${base}/${entry.path}` || path.startsWith(`${base}/${entry.path}/`)))?.path;
  return (
    <div class="app-frame">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href={base}>
          Linkhop
        </a>
        <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
      </header>
      <aside id="sidebar" class={`sidebar${menuOpen ? ' open' : ''}`}>
        <WorkspaceSwitcher current={workspace} workspaces={session?.workspaces ?? []} />
        <nav aria-label="Main">
          {NAV_GROUPS.map((group) => {
            const shown = group.sections.filter(
              (entry) => (!entry.minRole || roleAtLeast(workspace.role, entry.minRole)) && (!entry.operatorOnly || session?.user.is_operator),
            );
            if (!shown.length) return null;
            const titleId = group.title && `nav-${group.title.toLowerCase()}`;
            return (
              <div key={group.title ?? ''} class="nav-group">
                {titleId && (
                  <p class="nav-title" id={titleId}>
                    {group.title}
                  </p>
                )}
                <ul aria-labelledby={titleId}>
                  {shown.map((entry) => (
                    <li key={entry.path}>
                      <a href={entry.path ? `${base}/${entry.path}` : base} aria-current={section === entry.path ? 'page' : undefined}>
                        {entry.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
        <AccountMenu />
      </aside>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
