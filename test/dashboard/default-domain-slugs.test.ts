import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { signedIn, toastSays } from './links-fixtures';

warnIfNoChromium('default-domain-slugs.test.ts');

// CUSTOM_SLUGS_ON_DEFAULT_DOMAIN=true: the editor offers the Slug field on the default domain, with the API's rules
let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard({ env: { CUSTOM_SLUGS_ON_DEFAULT_DOMAIN: 'true' } });
});
afterAll(() => d?.close());

describe.skipIf(skipBrowser)('custom slugs on the default domain', () => {
  test('the editor takes a back-half on the default domain; a reserved one is refused under its field', async () => {
    const { page, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'free' });
    await page.goto(linksUrl);
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByRole('heading', { name: 'New link' }).waitFor();
    await page.getByLabel('Destination URL', { exact: true }).fill('https://example.com/spring');
    const slug = page.getByLabel('Slug', { exact: true });
    await slug.fill('api');
    await page.getByRole('button', { name: 'Create link' }).click();
    // under its field (the page's notice says it too)
    await page.getByText('Invalid slug: "api" is reserved', { exact: true }).waitFor();
    await slug.fill('spring-sale');
    await checkA11y(page);
    await screenshot(page, 'link-new-default-domain-slug');
    await page.getByRole('button', { name: 'Create link' }).click();
    await toastSays(page, 'Link created: http://go.linkhop.test/spring-sale');
    const list = await d.t.api('GET', `/workspaces/${workspaceId}/links`, { key });
    expect(list.body.links.map((l: { slug: string }) => l.slug)).toEqual(['spring-sale']);
  });
});
