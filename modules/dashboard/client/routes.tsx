import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { AppShell } from './components/app-shell';
import { ApiKeysPage } from './pages/api-keys/page';
import { DomainsPage } from './pages/domains';
import { TagsPage } from './pages/tags';
import { AuditLogPage } from './pages/audit/page';
import { ImportExportPage } from './pages/import-export/page';
import { AccountPage } from './pages/account/page';
import { InvitePage } from './pages/invite';
import { LinkAnalyticsPage } from './pages/link-analytics';
import { LinkEditorPage } from './pages/links/editor';
import { LinksPage } from './pages/links/list';
import { MembersPage } from './pages/members';
import { LinkQrPage } from './pages/links/qr';
import { OverviewPage } from './pages/overview';
import { PortfolioEditorPage } from './pages/portfolios/editor';
import { PortfoliosPage } from './pages/portfolios/list';
import { ClientsPage } from './pages/clients/page';
import { ConversionsPage } from './pages/conversions/page';
import { SetupPage } from './pages/setup';
import { SignInPage } from './pages/sign-in';
import { WebhooksPage } from './pages/webhooks/page';
import { WebhookPage } from './pages/webhooks/webhook';
import { GovernancePage } from './pages/governance/page';
import { SettingsPage } from './pages/settings/page';
import { TemplatesPage } from './pages/templates/page';
import { homeWorkspace, rememberWorkspace, useSession, WorkspaceProvider } from './session';
import { EmptyState, ErrorNotice, Loading, navigate, useLocation } from './ui';

const SIGN_IN_PATH = '/app/sign-in';
/** Where a signed-out person was going, so signing in takes them there. */
const RETURN_TO = 'linkhop.returnTo';

type PageProps = { wsId: string; linkId?: string };
type WorkspaceRoute = { pattern: RegExp; page: (props: PageProps) => JSX.Element | null };

/** Paths under /app/w/:wsId (the workspace id and link id are path segments). */
const WORKSPACE_ROUTES: WorkspaceRoute[] = [
  { pattern: /^$/, page: OverviewPage },
  { pattern: /^\/conversions$/, page: ConversionsPage },
  { pattern: /^\/links$/, page: LinksPage },
  { pattern: /^\/links\/new$/, page: LinkEditorPage },
  { pattern: /^\/links\/([^/]+)$/, page: LinkEditorPage },
  { pattern: /^\/links\/([^/]+)\/analytics$/, page: LinkAnalyticsPage },
  { pattern: /^\/links\/([^/]+)\/qr$/, page: LinkQrPage },
  { pattern: /^\/members$/, page: MembersPage },
  { pattern: /^\/api-keys$/, page: ApiKeysPage },
  { pattern: /^\/webhooks$/, page: WebhooksPage },
  { pattern: /^\/webhooks\/([^/]+)$/, page: ({ wsId, linkId }) => <WebhookPage wsId={wsId} webhookId={linkId!} /> },
  { pattern: /^\/domains$/, page: DomainsPage },
  { pattern: /^\/tags$/, page: TagsPage },
  { pattern: /^\/account$/, page: AccountPage },
  { pattern: /^\/templates$/, page: TemplatesPage },
  { pattern: /^\/governance$/, page: GovernancePage },
  { pattern: /^\/settings$/, page: SettingsPage },
  { pattern: /^\/audit$/, page: AuditLogPage },
  { pattern: /^\/import-export$/, page: ImportExportPage },
  { pattern: /^\/portfolios$/, page: PortfoliosPage },
  { pattern: /^\/portfolios\/([^/]+)$/, page: PortfolioEditorPage },
  { pattern: /^\/clients$/, page: ClientsPage },
];

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** Moves focus to the page on in-app navigation, so screen readers and keyboards start at its content. */
function useFocusOnNavigation(path: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [path]);
}

function WorkspacePages({ path }: { path: string }) {
  const { session } = useSession();
  const [, wsId, rest] = /^\/app\/w\/([^/]+)(.*)$/.exec(path)!;
  const workspace = session!.workspaces.find((w) => w.id === wsId);
  useEffect(() => void (workspace && rememberWorkspace(workspace.id)), [workspace?.id]);
  if (!workspace) {
    return (
      <main id="main" class="standalone">
        <EmptyState title="Workspace not found">
          <p>You are not a member of this workspace, or it no longer exists.</p>
          <a href="/app">Go to your workspaces</a>
        </EmptyState>
      </main>
    );
  }
  const route = WORKSPACE_ROUTES.find((r) => r.pattern.test(rest.replace(/\/$/, '')));
  const linkId = route?.pattern.exec(rest.replace(/\/$/, ''))?.[1];
  const Page = route?.page;
  return (
    <WorkspaceProvider value={workspace}>
      <AppShell workspace={workspace}>
        {Page ? (
          <Page key={`${wsId}/${linkId ?? ''}`} wsId={wsId} linkId={linkId && decodeURIComponent(linkId)} />
        ) : (
          <EmptyState title="Page not found">
            <p>There is no page at this address.</p>
          </EmptyState>
        )}
      </AppShell>
    </WorkspaceProvider>
  );
}

/** path → page. Sign-in, invitation and first-run setup pages are open; every other route needs a session. */
export function Routes() {
  const { path } = useLocation();
  const { session } = useSession();
  useFocusOnNavigation(path);

  if (path === SIGN_IN_PATH)
    return <SignInPage returnTo={sessionStorage.getItem(RETURN_TO) ?? undefined} onSignedIn={() => sessionStorage.removeItem(RETURN_TO)} />;
  if (path === '/app/invite') return <InvitePage />;
  if (path === '/app/setup') return <SetupPage />;
  if (session === undefined)
    return (
      <main id="main" class="standalone">
        <Loading />
      </main>
    );
  if (session === null) {
    if (path !== '/app' && path !== '/app/') sessionStorage.setItem(RETURN_TO, path);
    return <Redirect to={SIGN_IN_PATH} />;
  }
  if (/^\/app\/w\/[^/]+/.test(path)) return <WorkspacePages path={path} />;
  if (path === '/app' || path === '/app/') {
    const home = homeWorkspace(session);
    if (home) return <Redirect to={`/app/w/${home.id}`} />;
    return (
      <main id="main" class="standalone">
        <h1>Welcome to Linkhop</h1>
        <EmptyState title="You are not in any workspace yet">
          <p>Ask a workspace owner to invite you; the invitation mail brings you straight in.</p>
        </EmptyState>
      </main>
    );
  }
  return (
    <main id="main" class="standalone">
      <ErrorNotice error="There is no page at this address." />
      <a href="/app">Go to the dashboard</a>
    </main>
  );
}
