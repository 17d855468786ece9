// The popup: sign in, shorten the current tab (back-half, domain, tags, UTM), copy, QR, recent links.
import { ApiError, call, type Connection, loadConnection, request, SignedOut, signInWithKey, signOut, startSignIn } from './linkhop';

interface Link {
  id: string;
  domain: string;
  slug: string;
  target: string;
  click_count?: number;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const problem = $('problem');
let connection: Connection | null = null;
let page: string | undefined;

function showProblem(message: string | null) {
  problem.hidden = message === null;
  problem.textContent = message ?? '';
}

/** Whatever went wrong, in words; a credential that stopped acting leads back to the sign-in. */
function fail(error: unknown) {
  if (error instanceof SignedOut) {
    connection = null;
    showSignedOut();
    showProblem('Your sign-in has ended (the app was revoked or expired): sign in again.');
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  showProblem(error instanceof ApiError && error.field ? `${message} (${error.field})` : message);
}

/** The short link's address: the default domain takes the instance's scheme, a custom domain https (as the server builds it). */
function shortUrl(link: Pick<Link, 'domain' | 'slug'>, defaultDomain: string): string {
  const protocol = link.domain === defaultDomain ? new URL(connection!.instance).protocol : 'https:';
  return `${protocol}//${link.domain}/${link.slug}`;
}

/** The page to shorten: the active tab; when the popup is opened as a tab itself, the tab the person was on before. */
async function currentPage(): Promise<string | undefined> {
  const own = await chrome.tabs.getCurrent();
  const candidates = own ? (await chrome.tabs.query({})).filter((t) => t.id !== own.id) : await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  const pages = candidates.filter((t) => /^https?:\/\//.test(t.url ?? '')).sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return pages[0]?.url;
}

function showSignedOut() {
  $('signed-in').hidden = true;
  $('signed-out').hidden = false;
}

function linkItem(link: Link, defaultDomain: string): HTMLLIElement {
  const item = document.createElement('li');
  const anchor = document.createElement('a');
  anchor.href = shortUrl(link, defaultDomain);
  anchor.textContent = `${link.domain}/${link.slug}`;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  anchor.title = link.target;
  const clicks = document.createElement('span');
  clicks.className = 'clicks';
  const count = link.click_count ?? 0;
  clicks.textContent = `${count} ${count === 1 ? 'click' : 'clicks'}`;
  item.append(anchor, clicks);
  return item;
}

let defaultDomain = '';

async function showRecent() {
  const { links } = await call<{ links: Link[] }>(connection!, 'GET', `/workspaces/${connection!.workspaceId}/links?limit=5&sort=created_at&order=desc`);
  const list = $('recent');
  list.replaceChildren(...links.map((l) => linkItem(l, defaultDomain)));
  if (links.length === 0) list.replaceChildren(Object.assign(document.createElement('li'), { textContent: 'No links yet.' }));
}

async function showExisting() {
  const existing = $('existing');
  if (!page) {
    existing.textContent = 'Open a web page (http or https) to shorten it.';
    $<HTMLButtonElement>('shorten').disabled = true;
    return;
  }
  const { links, total } = await call<{ links: Link[]; total: number }>(
    connection!,
    'GET',
    `/workspaces/${connection!.workspaceId}/links?limit=1&target=${encodeURIComponent(page)}`,
  );
  if (total === 0) {
    existing.textContent = 'No short link for this page in this workspace yet.';
    return;
  }
  existing.replaceChildren(`Already shortened${total > 1 ? ` (${total} links)` : ''}: `, linkItem(links[0]!, defaultDomain).firstChild!);
}

async function showDomains() {
  const answer = await call<{ domains: { domain: string; verified: number }[]; default_domain: string; custom_slugs_on_default_domain: boolean }>(
    connection!,
    'GET',
    `/workspaces/${connection!.workspaceId}/domains`,
  );
  defaultDomain = answer.default_domain;
  const names = [answer.default_domain, ...answer.domains.filter((d) => d.verified).map((d) => d.domain)];
  const select = $<HTMLSelectElement>('domain');
  select.replaceChildren(...names.map((name) => Object.assign(document.createElement('option'), { value: name, textContent: name })));
  // the instance may keep back-halves to custom domains: the field says so instead of a refusal after the click
  const slugAllowed = () => answer.custom_slugs_on_default_domain || select.value !== answer.default_domain;
  const showSlugRule = () => {
    const slug = $<HTMLInputElement>('slug');
    slug.disabled = !slugAllowed();
    if (slug.disabled) slug.value = '';
    $('slug-rule').textContent = slug.disabled ? `Back-halves are for your own domains; on ${answer.default_domain} one is made for you.` : '';
  };
  select.onchange = showSlugRule;
  showSlugRule();
}

async function showSignedIn() {
  $('signed-out').hidden = true;
  $('signed-in').hidden = false;
  $('workspace').textContent = `Workspace: ${connection!.workspaceName}`;
  page = await currentPage();
  $('page-url').textContent = page ?? '';
  await showDomains();
  await Promise.all([showExisting(), showRecent()]);
}

async function copy(text: string) {
  const status = $('copied');
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied.';
  } catch {
    status.textContent = 'Could not copy: select the link and copy it.';
  }
}

async function showResult(link: Link) {
  const url = shortUrl(link, defaultDomain);
  const anchor = Object.assign(document.createElement('a'), { href: url, textContent: url, target: '_blank', rel: 'noopener noreferrer' });
  $('short-link').replaceChildren(anchor);
  $('result').hidden = false;
  await copy(url);
  const qr = await request(connection!, 'GET', `/workspaces/${connection!.workspaceId}/links/${encodeURIComponent(link.id)}/qr?format=png&size=320&margin=4`);
  if (!qr.ok) throw new ApiError(qr.status, 'The QR code could not be made');
  const image = $<HTMLImageElement>('qr');
  image.src = URL.createObjectURL(await qr.blob());
  image.alt = `QR code for ${url}`;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

async function shorten(form: FormData) {
  const utm = Object.fromEntries(['source', 'medium', 'campaign'].map((k) => [k, text(form, k)]).filter(([, v]) => v));
  const tags = text(form, 'tags')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  const body: Record<string, unknown> = { target: page, domain: text(form, 'domain') };
  if (text(form, 'slug')) body.slug = text(form, 'slug');
  if (tags.length) body.tags = tags;
  if (Object.keys(utm).length) body.utm_params = utm;
  const link = await call<Link>(connection!, 'POST', `/workspaces/${connection!.workspaceId}/links`, body);
  await showResult(link);
  await Promise.all([showExisting(), showRecent()]);
}

/** Runs a form's action with its button busy and the problem line cleared. */
function onSubmit(id: string, action: (form: FormData) => Promise<void>) {
  const form = $<HTMLFormElement>(id);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    button.disabled = true;
    showProblem(null);
    action(new FormData(form))
      .catch(fail)
      .finally(() => {
        button.disabled = false;
      });
  });
}

onSubmit('oauth-form', async (form) => {
  const consent = await startSignIn(text(form, 'instance'));
  await chrome.tabs.create({ url: consent });
});
onSubmit('key-form', async (form) => {
  connection = await signInWithKey(text(form, 'instance'), text(form, 'key'));
  await showSignedIn();
});
onSubmit('shorten-form', shorten);
$('copy').addEventListener('click', () => void copy($('short-link').textContent ?? ''));
$('sign-out').addEventListener('click', async () => {
  if (connection) await signOut(connection);
  connection = null;
  showSignedOut();
});

loadConnection()
  .then(async (stored) => {
    connection = stored;
    if (connection) await showSignedIn();
    else showSignedOut();
  })
  .catch(fail);
