import type { ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { LocationProvider, Route, Router } from 'preact-iso';
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
import { OAuthConsentPage } from './pages/oauth/consent';
import { LinkQrPage } from './pages/links/qr';
import { OperatorConsolePage } from './pages/operator/page';
import { OverviewPage } from './pages/overview';
import { PortfolioEditorPage } from './pages/portfolios/editor';
import { PortfoliosPage } from './pages/portfolios/list';
import { ClientsPage } from './pages/clients/page';
import { ConversionsPage } from './pages/conversions/page';
import { SetupPage } from './pages/setup';
import { SignInPage } from './pages/sign-in';
import { SlackPage } from './pages/slack/page';
import { WebhooksPage } from './pages/webhooks/page';
import { WebhookPage } from './pages/webhooks/webhook';
import { GovernancePage } from './pages/governance/page';
import { SettingsPage } from './pages/settings/page';
import { TemplatesPage } from './pages/templates/page';
import { homeWorkspace, rememberWorkspace, useSession, WorkspaceProvider } from './session';
import { EmptyState, ErrorNotice, Loading, navigate, useLocation } from './ui';

const SIGN_IN_PATH = '/app/sign-in';
const OPERATOR_PATH = '/app/operator';
/** Where a signed-out person was going, so signing in takes them there. */
const RETURN_TO = 'linkhop.returnTo';

type PageProps = { wsId: string; linkId?: string };

/** A page shown afresh for each id in its path (an editor must not keep the last link's form). */
const perId =
  <P extends { wsId: string }>(Page: ComponentType<P>, id: (props: P) => string | undefined) =>
  (props: P) => <Page key={`${props.wsId}/${id(props) ?? ''}`} {...props} />;
const LinkEditor = perId(LinkEditorPage, (p: PageProps) => p.linkId);
const LinkAnalytics = perId(LinkAnalyticsPage, (p: PageProps) => p.linkId);
const LinkQr = perId(LinkQrPage, (p: PageProps) => p.linkId);
const Webhook = perId(WebhookPage, (p) => p.webhookId);
const PortfolioEditor = perId(PortfolioEditorPage, (p: PageProps) => p.linkId);

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** Moves focus to the page on in-app navigation, so screen readers and keyboards start at its content. */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

function PageNotFound() {
  return (
    <EmptyState title="Page not found">
      <p>There is no page at this address.</p>
    </EmptyState>
  );
}

/** Pages under /app/w/:wsId, inside the workspace's shell. */
function WorkspacePages({ wsId }: { wsId: string }) {
  const { session } = useSession();
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
  return (
    <WorkspaceProvider value={workspace}>
      <AppShell workspace={workspace}>
        <Router>
          <Route path="/" component={OverviewPage} wsId={wsId} />
          <Route path="/conversions" component={ConversionsPage} wsId={wsId} />
          <Route path="/links" component={LinksPage} wsId={wsId} />
          <Route path="/links/new" component={LinkEditor} wsId={wsId} />
          <Route path="/links/:linkId" component={LinkEditor} wsId={wsId} />
          <Route path="/links/:linkId/analytics" component={LinkAnalytics} wsId={wsId} />
          <Route path="/links/:linkId/qr" component={LinkQr} wsId={wsId} />
          <Route path="/members" component={MembersPage} wsId={wsId} />
          <Route path="/api-keys" component={ApiKeysPage} wsId={wsId} />
          <Route path="/webhooks" component={WebhooksPage} wsId={wsId} />
          <Route path="/slack" component={SlackPage} wsId={wsId} />
          <Route path="/webhooks/:webhookId" component={Webhook} wsId={wsId} />
          <Route path="/domains" component={DomainsPage} wsId={wsId} />
          <Route path="/tags" component={TagsPage} wsId={wsId} />
          <Route path="/account" component={AccountPage} wsId={wsId} />
          <Route path="/templates" component={TemplatesPage} wsId={wsId} />
          <Route path="/governance" component={GovernancePage} wsId={wsId} />
          <Route path="/settings" component={SettingsPage} wsId={wsId} />
          <Route path="/audit" component={AuditLogPage} wsId={wsId} />
          <Route path="/import-export" component={ImportExportPage} wsId={wsId} />
          <Route path="/portfolios" component={PortfoliosPage} wsId={wsId} />
          <Route path="/portfolios/:linkId" component={PortfolioEditor} wsId={wsId} />
          <Route path="/clients" component={ClientsPage} wsId={wsId} />
          <Route path="/operator" component={OperatorConsolePage} wsId={wsId} />
          <Route default component={PageNotFound} />
        </Router>
      </AppShell>
    </WorkspaceProvider>
  );
}

/** /app itself: the workspace last used, or a welcome for someone in none yet. */
function Home() {
  const home = homeWorkspace(useSession().session!);
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

/** The operator console belongs to the instance, not a workspace: its short address opens it in the home workspace's frame. */
function OperatorHome() {
  const home = homeWorkspace(useSession().session!);
  if (home) return <Redirect to={`/app/w/${home.id}/operator`} />;
  return (
    <main id="main" class="standalone">
      <OperatorConsolePage />
    </main>
  );
}

function NoSuchPage() {
  return (
    <main id="main" class="standalone">
      <ErrorNotice error="There is no page at this address." />
      <a href="/app">Go to the dashboard</a>
    </main>
  );
}

/** A page that needs a session: a loading state while it is asked for, sign-in (remembering the way back) without one. */
const signedIn =
  <P extends object>(Page: ComponentType<P>) =>
  (props: P) => {
    const { path } = useLocation();
    const { session } = useSession();
    if (session === undefined)
      return (
        <main id="main" class="standalone">
          <Loading />
        </main>
      );
    if (session === null) {
      // the query too: an app's authorization request lives in it
      if (path !== '/app') sessionStorage.setItem(RETURN_TO, path + location.search);
      return <Redirect to={SIGN_IN_PATH} />;
    }
    return <Page {...props} />;
  };
const SignedInWorkspace = signedIn(WorkspacePages);
const SignedInHome = signedIn(Home);
const SignedInNoSuchPage = signedIn(NoSuchPage);
const SignedInOAuthConsent = signedIn(OAuthConsentPage);
const SignedInOperatorHome = signedIn(OperatorHome);

const SignIn = () => <SignInPage returnTo={sessionStorage.getItem(RETURN_TO) ?? undefined} onSignedIn={() => sessionStorage.removeItem(RETURN_TO)} />;

/** path → page (preact-iso, in-app links under /app). Sign-in, invitation and first-run setup are open; every other page needs a session. */
export function Routes() {
  return (
    <LocationProvider scope="/app">
      <Router onRouteChange={focusPageHeading}>
        <Route path={SIGN_IN_PATH} component={SignIn} />
        <Route path="/app/invite" component={InvitePage} />
        <Route path="/app/setup" component={SetupPage} />
        {/* /app/w/:wsId itself and every page under it: one shell, kept while moving between its pages */}
        <Route path="/app/w/:wsId" component={SignedInWorkspace} />
        <Route path="/app/w/:wsId/*" component={SignedInWorkspace} />
        <Route path="/app/oauth/authorize" component={SignedInOAuthConsent} />
        <Route path={OPERATOR_PATH} component={SignedInOperatorHome} />
        <Route path="/app" component={SignedInHome} />
        <Route default component={SignedInNoSuchPage} />
      </Router>
    </LocationProvider>
  );
}
