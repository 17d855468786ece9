import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage } from '../../core/plans';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { describedWith, signedIn, tabTo, toastSays } from './links-fixtures';

warnIfNoChromium('links-editor.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
});
afterAll(() => d?.close());

/** where the rule test's links lead: the site host, which the test browser resolves */
const LANDING = 'http://linkhop.test/landing';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.skipIf(skipBrowser)('link editor', () => {
  test('create a link with a rule; a visit through the short domain follows the rule; edit; a refused value shows under its field; delete', async () => {
    const { page, cspViolations, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'pro' });
    await page.goto(linksUrl);
    await page.getByRole('heading', { name: 'No links yet' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'links-empty');

    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByRole('heading', { name: 'New link' }).waitFor();
    await page.getByLabel('Destination URL', { exact: true }).fill(`${LANDING}/everyone`);
    await page.getByLabel('Title', { exact: true }).fill('Spring launch');
    // the API's tag rule, shown as typed: what the importer would make of the same cell
    await page.getByLabel('Tags', { exact: true }).fill('Launch, Spring  Sale');
    await page.getByText('Saved as: launch, spring-sale').waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.getByRole('group', { name: 'Rule 1' });
    await rule.getByLabel('Rule name', { exact: true }).fill('Desktop visitors');
    const condition = rule.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('Field', { exact: true }).selectOption({ label: 'Device' });
    await condition.getByLabel('Operator', { exact: true }).selectOption({ label: 'is' });
    await condition.getByLabel('Value', { exact: true }).fill('desktop');
    await rule.getByLabel('Send matching visits to', { exact: true }).fill(`${LANDING}/desktop`);
    await checkA11y(page);
    await screenshot(page, 'link-new');
    await page.getByRole('button', { name: 'Create link' }).click();
    await toastSays(page, /^Link created: http:\/\/go\.linkhop\.test\/\w+$/);
    await page.getByRole('heading', { name: 'Edit link' }).waitFor();
    const linkId = /\/links\/([^/?#]+)$/.exec(page.url())![1]!;

    const stored = (await d.t.api('GET', `/workspaces/${workspaceId}/links/${linkId}`, { key })).body;
    expect(stored).toMatchObject({
      target: `${LANDING}/everyone`,
      title: 'Spring launch',
      tags: ['launch', 'spring-sale'],
      rules: [
        {
          name: 'Desktop visitors',
          conditions: [{ field: 'device', operator: 'eq', value: 'desktop' }],
          action: { type: 'redirect', url: `${LANDING}/desktop` },
        },
      ],
      redirect_type: 302,
      monitoring: false,
    });
    expect(stored.ab_variants).toBeNull();
    expect(stored.interstitial).toBeNull();

    // the real browser (a desktop User-Agent) visits the short URL: the rule sends it on. The
    // destinations are pages of the site host, which the browser reaches (Playwright's routes do
    // not see the target of a redirect); only where the browser lands matters
    const visit = await page.context().newPage();
    await visit.goto(stored.short_url);
    expect(visit.url()).toBe(`${LANDING}/desktop`);
    // a phone does not match the rule: the destination
    const phone = await d.browser.newContext({ userAgent: IPHONE_UA });
    const phonePage = await phone.newPage();
    await phonePage.goto(stored.short_url);
    expect(phonePage.url()).toBe(`${LANDING}/everyone`);
    await phone.close();

    // edit: a changed title and rule URL; the PATCH carries only what changed
    await page.getByLabel('Title', { exact: true }).fill('Spring launch 2');
    await page.getByRole('group', { name: 'Rule 1' }).getByLabel('Send matching visits to', { exact: true }).fill(`${LANDING}/desktop-2`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Changes saved');
    const edited = (await d.t.api('GET', `/workspaces/${workspaceId}/links/${linkId}`, { key })).body;
    expect(edited.title).toBe('Spring launch 2');
    expect(edited.rules[0].action.url).toBe(`${LANDING}/desktop-2`);
    const audit = (await d.t.api('GET', `/workspaces/${workspaceId}/audit-log?action=link.update`, { key })).body.entries;
    expect(Object.keys(JSON.parse(audit[0].details).changes).sort()).toEqual(['rules', 'title']);
    await visit.goto(stored.short_url);
    expect(visit.url()).toBe(`${LANDING}/desktop-2`);

    // the API refuses a value: its message appears under that field, which gets the focus
    const fallback = page.getByLabel('Fallback URL', { exact: true });
    await fallback.fill('ftp://files.example.com/x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'The link was not saved' }).waitFor();
    expect(await describedWith(fallback, 'Invalid fallback_url')).toContain('Invalid fallback_url: expected an http(s) URL');
    expect(await fallback.getAttribute('aria-invalid')).toBe('true');
    expect(await fallback.evaluate((el) => document.activeElement === el)).toBe(true);
    // a message about one rule's condition lands under that condition's input
    await fallback.fill('');
    await page.getByRole('group', { name: 'Condition 1' }).getByLabel('Value', { exact: true }).fill('smartwatch');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const value = page.getByRole('group', { name: 'Condition 1' }).getByLabel('Value', { exact: true });
    expect(await describedWith(value, 'Invalid rules[0].conditions[0].value')).toContain(
      'Invalid rules[0].conditions[0].value: device is mobile, desktop or tablet',
    );
    await checkA11y(page);
    await screenshot(page, 'link-edit-error');
    await value.fill('desktop');

    // delete, confirmed in the dialog
    await page.getByRole('button', { name: 'Delete link' }).click();
    await page.getByRole('dialog', { name: 'Delete this link?' }).getByRole('button', { name: 'Yes, delete it' }).click();
    await toastSays(page, `Deleted ${stored.short_url}`);
    await page.getByRole('heading', { name: 'Links', exact: true }).waitFor();
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links/${linkId}`, { key })).status).toBe(404);
    const gone = await visit.goto(stored.short_url);
    expect(gone!.status()).toBe(404);
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('keyboard only: New link, the destination, Enter creates it', async () => {
    const { page, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'free' });
    await page.goto(linksUrl);
    await page.getByRole('heading', { name: 'No links yet' }).waitFor();
    expect(await tabTo(page, page.getByRole('button', { name: 'New link' }))).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'New link' }).waitFor();
    expect(await tabTo(page, page.getByLabel('Destination URL', { exact: true }))).toBe(true);
    await page.keyboard.type('https://example.com/typed');
    await page.keyboard.press('Enter');
    await toastSays(page, /^Link created: /);
    const { links } = (await d.t.api('GET', `/workspaces/${workspaceId}/links`, { key })).body;
    expect(links.map((l: any) => l.target)).toEqual(['https://example.com/typed']);
  }, 60_000);

  test('Free plan: the gated sections state the plan they need instead of their inputs', async () => {
    const { page, linksUrl } = await signedIn(d, { plan: 'free' });
    await page.goto(`${linksUrl}/new`);
    const rules = page.getByRole('region', { name: 'Rules' });
    await rules.getByText(`${featureMessage('rules')}.`).waitFor();
    expect(await rules.getByRole('button', { name: 'Add rule' }).count()).toBe(0);
    for (const [region, feature] of [
      ['Template', 'templates'],
      ['Geo, device and OS routing', 'routing_rules'],
      ['A/B variants', 'ab_variants'],
      ['Sequence', 'sequence'],
      ['Deep link', 'deep_link'],
      ['Interstitial page', 'interstitial'],
      ['Monitoring', 'monitoring'],
    ] as const) {
      // the plan's reason, and who changes plans on a self-hosted instance
      expect(await page.getByRole('region', { name: region }).getByRole('note').textContent()).toBe(
        `${featureMessage(feature)}.Your instance operator can change the plan.`,
      );
    }
    // the fields every plan has stay editable
    expect(await page.getByLabel('Destination URL', { exact: true }).isEditable()).toBe(true);
    expect(await page.getByLabel('UTM source', { exact: true }).isEditable()).toBe(true);
    await checkA11y(page);
    await screenshot(page, 'link-new-free');
  }, 60_000);

  test('Team plan: a template, routing, A/B variants that must add up to 100, sequence, deep link, interstitial, social preview, password, 301, UTM defaults shown', async () => {
    const { page, workspaceId, key, linksUrl } = await signedIn(d, { plan: 'team' });
    const utm = await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { default_utm_params: { source: 'newsletter', medium: 'email' } } });
    expect(utm.status).toBe(200);
    const template = await d.t.api('POST', `/workspaces/${workspaceId}/templates`, {
      key,
      body: { name: 'Campaign defaults', config: { og_description: 'From the template', tags: ['tpl'] } },
    });
    expect(template.status).toBe(201);
    await page.goto(`${linksUrl}/new`);
    // the template fills what the form leaves empty (the description); what is filled in wins
    await page.getByLabel('Start from a template', { exact: true }).selectOption({ label: 'Campaign defaults' });
    await page.getByText('Workspace defaults: source=newsletter, medium=email', { exact: false }).waitFor();
    await page.getByLabel('Destination URL', { exact: true }).fill('https://example.com/team');
    await page.getByLabel('UTM campaign', { exact: true }).fill('spring');
    await page.getByLabel('Expires at', { exact: true }).fill('2031-05-01T12:30');
    await page.getByLabel('Fallback URL', { exact: true }).fill('https://example.com/over');
    await page.getByLabel('Password', { exact: true }).fill('open sesame');
    await page.getByLabel(/301 Moved Permanently/).check();

    const routing = page.getByRole('region', { name: 'Geo, device and OS routing' });
    await routing.getByRole('button', { name: 'Add country' }).click();
    await routing.getByLabel('Country 1', { exact: true }).fill('de');
    await routing.getByLabel('URL for country 1', { exact: true }).fill('https://example.de/');
    await routing.getByLabel('Mobile URL', { exact: true }).fill('https://m.example.com/');
    await routing.getByLabel('iOS URL', { exact: true }).fill('https://ios.example.com/');

    const ab = page.getByRole('region', { name: 'A/B variants' });
    await ab.getByRole('button', { name: 'Start an A/B test' }).click();
    await ab.getByLabel('Variant 2 URL', { exact: true }).fill('https://example.com/b');
    await ab.getByRole('button', { name: 'Add variant' }).click();
    await ab.getByLabel('Variant 3 URL', { exact: true }).fill('https://example.com/c');
    await ab.getByLabel('Variant 3 weight', { exact: true }).fill('20');
    await ab.getByText('Weights add up to 120 — they must add up to 100').waitFor();
    // the API's own refusal appears in the section too
    await page.getByRole('button', { name: 'Create link' }).click();
    await ab.getByRole('alert').filter({ hasText: 'Invalid ab_variants: weights must sum to 100 (they sum to 120)' }).waitFor();
    await ab.getByLabel('Variant 1 weight', { exact: true }).fill('40');
    await ab.getByLabel('Variant 2 weight', { exact: true }).fill('40');
    await ab.getByText('Weights add up to 100 — ready').waitFor();

    const sequence = page.getByRole('region', { name: 'Sequence' });
    await sequence.getByRole('button', { name: 'Start a sequence' }).click();
    await sequence.getByLabel('Step 1 URL', { exact: true }).fill('https://example.com/s1');
    await sequence.getByLabel('Step 2 URL', { exact: true }).fill('https://example.com/s2');
    await sequence.getByLabel('Step 2 title', { exact: true }).fill('Second');
    await sequence.getByLabel('Start again at step 1 after the last', { exact: true }).check();

    const deep = page.getByRole('region', { name: 'Deep link' });
    await deep.getByLabel('iOS app URL', { exact: true }).fill('myapp://open');
    await deep.getByLabel('iOS App Store URL', { exact: true }).fill('https://apps.apple.com/app/id1');

    const inter = page.getByRole('region', { name: 'Interstitial page' });
    await inter.getByLabel('Show an interstitial page', { exact: true }).check();
    await inter.getByLabel('Page title', { exact: true }).fill('Hold on');
    await inter.getByLabel('Delay in seconds', { exact: true }).fill('3');

    await page.getByLabel('Preview title', { exact: true }).fill('OG title');
    await page.getByLabel('Preview image URL', { exact: true }).fill('https://example.com/og.png');
    await page.getByLabel('Check the destination regularly', { exact: true }).check();
    await checkA11y(page);
    await screenshot(page, 'link-new-team');
    await page.getByRole('button', { name: 'Create link' }).click();
    await toastSays(page, /^Link created: /);
    await page.getByRole('heading', { name: 'Edit link' }).waitFor();
    const linkId = /\/links\/([^/?#]+)$/.exec(page.url())![1]!;
    const link = (await d.t.api('GET', `/workspaces/${workspaceId}/links/${linkId}`, { key })).body;
    expect(link).toMatchObject({
      utm_params: { campaign: 'spring' },
      fallback_url: 'https://example.com/over',
      has_password: true,
      redirect_type: 301,
      routing_rules: { geo: { DE: 'https://example.de/' }, device: { mobile: 'https://m.example.com/' }, os: { iOS: 'https://ios.example.com/' } },
      ab_variants: [
        { name: 'A', url: 'https://example.com/team', weight: 40 },
        { name: 'B', url: 'https://example.com/b', weight: 40 },
        { name: 'C', url: 'https://example.com/c', weight: 20 },
      ],
      sequence: { urls: [{ url: 'https://example.com/s1' }, { url: 'https://example.com/s2', title: 'Second' }], loop: true },
      deep_link: { ios_app_url: 'myapp://open', ios_store_url: 'https://apps.apple.com/app/id1', interstitial: false },
      interstitial: { title: 'Hold on', delay: 3, cta_text: 'Continue', show_once: true },
      og_title: 'OG title',
      og_description: 'From the template',
      tags: ['tpl'],
      og_image: 'https://example.com/og.png',
      monitoring: true,
    });
    expect(new Date(link.expires_at).getTime()).toBe(new Date('2031-05-01T12:30').getTime());

    // loaded again, the editor shows what is stored; removing the password is one PATCH field
    expect(await page.getByLabel('Variant 3 weight', { exact: true }).inputValue()).toBe('20');
    expect(await page.getByLabel('Expires at', { exact: true }).inputValue()).toBe('2031-05-01T12:30');
    await page.getByLabel('Remove the password', { exact: true }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Changes saved');
    const after = (await d.t.api('GET', `/workspaces/${workspaceId}/links/${linkId}`, { key })).body;
    expect(after.has_password).toBe(false);
    expect(after.ab_variants).toEqual(link.ab_variants);
    await checkA11y(page);
    await screenshot(page, 'link-edit-team');
  }, 120_000);

  test('a viewer sees the link without any write control', async () => {
    const owner = await d.t.bootstrap({ plan: 'pro' });
    const created = (
      await d.t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/v', title: 'For viewers' } })
    ).body;
    const { page, linksUrl } = await signedIn(d, { workspaceId: owner.workspaceId, role: 'viewer' });
    await page.goto(linksUrl);
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'New link' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await checkA11y(page);
    await page.goto(`${linksUrl}/${created.id}`);
    await page.getByRole('heading', { name: 'Link details' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('For viewers');
    expect(await page.getByLabel('Title', { exact: true }).isEditable()).toBe(false);
    for (const name of ['Save changes', 'Delete link', 'Add rule', 'Create link']) expect(await page.getByRole('button', { name }).count()).toBe(0);
    await checkA11y(page);
    await page.goto(`${linksUrl}/new`);
    await page.getByText('creating links needs the editor role or higher').waitFor();
    expect(await page.getByRole('button', { name: 'Create link' }).count()).toBe(0);
  }, 60_000);
});
