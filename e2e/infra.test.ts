import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_STATUS_LABELS, INFRA_MESSAGES } from '@pitboss/contract';
import { choose, login, openBrowser, type Session, signOut } from './browser.js';

let s: Session;
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('domains, Cloudflare and Front Door', () => {
  it('a super admin adds a domain for an operator picked by name and follows its automation to the end', async () => {
    await login(s.page, 'superadmin@demo.local', '/settings/domains');
    const table = s.page.getByRole('table', { name: 'Domains' });
    // Operators by name, never by id.
    await table.locator('tbody tr').filter({ hasText: 'alpha-gaming.com' }).getByText('Alpha Gaming').first().waitFor();
    await s.page.getByRole('button', { name: 'Add New Domain' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Add New Domain' });
    await choose(s.page, dialog.getByLabel('Operator/Brand'), 'Charlie Play');
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('https://charlie-new.com');
    await choose(s.page, dialog.getByLabel('CF account'), 'Charlie Play Cloudflare (charlie-main)');
    // The form's rule (the same schema the server checks): no protocol.
    await dialog.getByText(INFRA_MESSAGES.DOMAIN_INVALID).waitFor();
    expect(await dialog.getByRole('button', { name: 'Add Domain' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('charlie-new.com');
    const added = s.page.waitForResponse((r) => r.url().endsWith('/api/operators/cf-tokens/v2/zones/create') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Domain' }).click();
    expect((await added).status()).toBe(200);
    await s.page.getByText(INFRA_MESSAGES.V2_DOMAIN_ADDED).waitFor();
    // The automation runs on the job queue; the dialog follows it to its end.
    await dialog.getByLabel('Automation progress').getByText(AUTOMATION_STATUS_LABELS.COMPLETED, { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByText('Name servers:').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await table.locator('tbody tr').filter({ hasText: 'charlie-new.com' }).getByText('Charlie Play').first().waitFor();
  });

  it('the domain drawer adds a DNS record; a name too short is refused with the rule', async () => {
    await s.page.goto('/settings/domains?domain=alpha-gaming.net');
    const table = s.page.getByRole('table', { name: 'Domains' });
    await table.locator('tbody tr').filter({ hasText: 'alpha-gaming.net' }).click();
    const drawer = s.page.getByTestId('detail-drawer');
    // The zone's name servers and its language by name.
    await drawer.getByText(/^[a-z]+\.ns\.cloudflare\.com, [a-z]+\.ns\.cloudflare\.com$/).first().waitFor();
    await drawer.getByText('English', { exact: true }).waitFor();
    await drawer.getByRole('tab', { name: 'DNS Records' }).click();
    const records = drawer.getByRole('table', { name: 'DNS records' });
    await records.getByText('www.alpha-gaming.net').waitFor();
    await drawer.getByRole('button', { name: 'Add DNS Record' }).click();
    const dialog = s.page.getByRole('dialog', { name: /Add DNS record/ });
    await choose(s.page, dialog.getByLabel('Type'), 'TXT');
    await dialog.getByLabel('Name').fill('ab');
    await dialog.getByLabel('Content').fill('verify-e2e');
    // The form's rule (the schema the server checks too): Add waits for a valid name.
    await dialog.getByText(INFRA_MESSAGES.DNS_NAME_LENGTH).waitFor();
    expect(await dialog.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('_verify');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await s.page.getByText(INFRA_MESSAGES.DNS_ADDED).waitFor();
    await records.getByRole('row').filter({ hasText: 'verify-e2e' }).getByText('TXT', { exact: true }).waitFor();
  });

  it('the domain drawer edits a domain: its language and the admin flags, seen in the drawer and the list', async () => {
    await login(s.page, 'superadmin@demo.local', '/settings/domains?domain=bravospin.com');
    const table = s.page.getByRole('table', { name: 'Domains' });
    const row = table.locator('tbody tr').filter({ hasText: 'bravospin.com' });
    await row.click();
    const drawer = s.page.getByTestId('detail-drawer');
    await drawer.getByRole('button', { name: 'Edit' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Edit bravospin.com' });
    await choose(s.page, dialog.getByLabel('Default language'), 'Deutsch');
    await dialog.getByLabel('Locked').check();
    await dialog.getByLabel('Internal').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await s.page.getByText(INFRA_MESSAGES.DOMAIN_UPDATED).waitFor();
    await drawer.getByText(/Locked · .*Internal/).waitFor();
    await drawer.getByText('Deutsch', { exact: true }).waitFor();
    await s.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // The super admin's Locked column.
    await table.getByRole('columnheader', { name: 'Locked' }).waitFor();
    const header = await table.locator('thead th').allTextContents();
    const cells = row.locator('td');
    expect(await cells.nth(header.indexOf('Locked')).textContent()).toBe('Yes');
  });

  it('the filter drawer filters the domains by DNS status', async () => {
    await login(s.page, 'admin@demo.local', '/settings/domains');
    const table = s.page.getByRole('table', { name: 'Domains' });
    await table.locator('tbody tr').filter({ hasText: 'alpha-gaming.com' }).waitFor();
    await s.page.getByRole('button', { name: 'Filters' }).click();
    const filters = s.page.getByRole('form', { name: 'Filters' });
    await choose(s.page, filters.getByLabel('DNS status'), 'Not configured');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await s.page.waitForURL((u) => u.searchParams.get('cfDnsConfigured') === 'false');
    await table.locator('tbody tr').filter({ hasText: 'alpha-gaming.com' }).waitFor({ state: 'detached' });
    await table.locator('tbody tr').filter({ hasText: 'alpha-promo.com' }).waitFor();
  });

  it('the domain drawer deletes a domain (its Cloudflare zone) once its name is typed; a primary domain offers no delete', async () => {
    await login(s.page, 'superadmin@demo.local', '/settings/domains?opId=op-charlie');
    const table = s.page.getByRole('table', { name: 'Domains' });
    const drawer = s.page.getByTestId('detail-drawer');
    await table.locator('tbody tr').filter({ hasText: 'charlieplay.com' }).click();
    await drawer.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Delete Domain' }).count()).toBe(0);
    await s.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await table.locator('tbody tr').filter({ hasText: 'charlieplay.io' }).click();
    await drawer.getByRole('button', { name: 'Delete Domain' }).click();
    const confirm = s.page.getByRole('dialog', { name: 'Delete Cloudflare Zone' });
    const button = confirm.getByRole('button', { name: 'Delete' });
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByLabel('Type charlieplay.io to confirm').fill('charlieplay.io');
    const deleted = s.page.waitForResponse((r) => r.url().includes('/api/operators/cf-tokens/v2/zones?') && r.request().method() === 'DELETE');
    await button.click();
    expect((await deleted).status()).toBe(200);
    await s.page.getByText(INFRA_MESSAGES.ZONE_DELETED).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await table.locator('tbody tr').filter({ hasText: 'charlieplay.io' }).waitFor({ state: 'detached' });
    await table.locator('tbody tr').filter({ hasText: 'charlieplay.com' }).waitFor();
  });

  it('the minimized form: Cloudflare refusing the domain is a toast and an alert in the form', async () => {
    await login(s.page, 'superadmin@demo.local', '/settings/domains');
    // The domain leaves our records but its zone stays at Cloudflare: adding it again, Cloudflare refuses (1061).
    const dropped = await s.context.request.put('/api/operators/cf-tokens/v2/zones', { data: { domainName: 'bravo-ent.net', action: 'DB_DELETE' } });
    expect(dropped.status()).toBe(200);
    await s.page.getByRole('button', { name: 'Add New Domain' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Add New Domain' });
    await dialog.getByRole('link', { name: 'Use the minimized form' }).click();
    await choose(s.page, dialog.getByLabel('Operator/Brand'), 'Bravo Entertainment');
    await dialog.getByRole('textbox', { name: 'Domain' }).fill('bravo-ent.net');
    await choose(s.page, dialog.getByLabel('CF account'), 'Bravo Entertainment Cloudflare (bravo-main)');
    const sent = s.page.waitForResponse((r) => r.url().endsWith('/api/operators/cf-tokens/zones/create') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Add Domain' }).click();
    expect((await sent).status()).toBe(400);
    await s.page.getByText(INFRA_MESSAGES.DOMAIN_ADD_FAILED, { exact: true }).waitFor();
    const alert = dialog.getByRole('alert');
    await alert.getByText(INFRA_MESSAGES.MIN_DOMAIN_FAILED, { exact: true }).waitFor();
    await alert.getByText(INFRA_MESSAGES.MIN_DOMAIN_FAILED_INLINE).waitFor();
    await alert.getByText('bravo-ent.net already exists (1061)').waitFor();
    // No error-response dialog: the form stays open to correct it.
    expect(await s.page.getByRole('dialog', { name: 'Unable To Save Changes' }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Domain' }).waitFor();
  });

  it('/settings/dev: a custom domain opens AFD Domain Details with its TXT record title and validation token to copy', async () => {
    await login(s.page, 'devops@demo.local', '/settings/dev');
    const api = await s.page.request.get('/api/dev/frontdoor');
    const bo = ((await api.json()) as { data: { hostName: string; validationProperties: { validationToken: string } }[] }).data.find((d) => d.hostName === 'bo-dev.pitboss.io')!;
    await s.page.getByRole('table', { name: 'Custom domains' }).getByRole('row').filter({ hasText: 'bo-dev.pitboss.io' }).getByText('bo-dev-pitboss-io').click();
    const drawer = s.page.getByRole('dialog', { name: 'AFD Domain Details' });
    expect((await drawer.getByTestId('txt-title').textContent())!.trim()).toBe('_dnsauth.bo-dev.pitboss.io');
    expect((await drawer.getByTestId('validation-token').textContent())!.trim()).toBe(bo.validationProperties.validationToken);
    await drawer.getByRole('button', { name: `Copy the validation token ${bo.validationProperties.validationToken}` }).waitFor();
    await drawer.getByRole('button', { name: 'Copy the TXT record title _dnsauth.bo-dev.pitboss.io' }).waitFor();
    await drawer.getByText('pb-bo', { exact: true }).waitFor();
  });

  it('dev ops reads the Cloudflare accounts with their tokens masked, and sees no domain action menu', async () => {
    await signOut(s);
    await login(s.page, 'devops@demo.local', '/settings/cf-account-v2');
    const accounts = s.page.getByRole('table', { name: 'Cloudflare accounts' });
    const row = accounts.locator('tbody tr').filter({ hasText: 'Alpha Gaming Cloudflare' });
    await row.waitFor();
    expect(await row.textContent()).not.toContain('SimAlphaMainToken0123456789abcdefghijklm');
    await s.page.goto('/settings/domains');
    await s.page.getByRole('table', { name: 'Domains' }).locator('tbody tr').first().waitFor();
    expect(await s.page.getByRole('button', { name: /^Actions of / }).count()).toBe(0);
  });
});
