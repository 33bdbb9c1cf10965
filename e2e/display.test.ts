import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { formatMoney, formatUsd } from '@pitboss/contract';
import { login, openBrowser, type Session } from './browser.js';

let s: Session;
let api: APIRequestContext;
beforeAll(async () => {
  s = await openBrowser();
  await login(s.page, 'superadmin@demo.local', null);
  api = s.context.request; // shares the session cookie
});
afterAll(async () => { await s?.close(); });

interface Tx {
  txId: string; status: string; transactionType: string; toAmount: string; toCurrency: string; toAmountInUSD: string;
  opId: string; opTitle: string; parentOpTitle: string | null; destination: Record<string, string> | null;
}

async function txs(body: Record<string, unknown>): Promise<Tx[]> {
  const r = await api.post('/api/transactions/list', { data: { limit: 100, ...body } });
  expect(r.ok()).toBe(true);
  return (await r.json()).data.items as Tx[];
}

describe('what staff read', () => {
  it('an amount with thousands separators and its currency\'s decimals, a label instead of a code, the operator by name', async () => {
    const tx = (await txs({ transactionType: 'WITHDRAW', status: 'PENDING' })).find((x) => Number(x.toAmount.split('.')[0]) >= 1000 && x.parentOpTitle);
    expect(tx).toBeDefined();
    await s.page.goto(`/withdraw/list?drawer=${tx!.txId}`);
    const drawer = s.page.getByTestId('detail-drawer');
    const amount = drawer.getByTestId('tx-amount');
    await amount.waitFor();
    const text = (await amount.textContent()) ?? '';
    expect(text).toContain(formatMoney(tx!.toAmount, tx!.toCurrency));
    expect(text).toMatch(/\d,\d{3}/);
    expect(text).toContain(formatUsd(tx!.toAmountInUSD));
    // The exact value one hover away.
    expect(await amount.locator('[data-money]').first().getAttribute('title')).toBe(`${tx!.toAmount} ${tx!.toCurrency}`);
    expect(await drawer.getByTestId('tx-type').textContent()).toBe('Withdraw');
    expect(await drawer.getByTestId('tx-status').textContent()).toContain('Pending');
    expect(await drawer.getByTestId('tx-status').textContent()).not.toContain('PENDING');
    await drawer.getByText(`${tx!.opTitle} (${tx!.parentOpTitle})`).first().waitFor();
    // The row of the list shows the same formatted amount.
    await s.page.locator(`tr[data-row-key="${tx!.txId}"]`).getByText(formatMoney(tx!.toAmount, tx!.toCurrency)).waitFor();
  });

  it('a KYC document shows its type and fields by label', async () => {
    const r = await api.post('/api/kyc/list', { data: { optionType: 'ADDRESS', limit: 1 } });
    const k = (await r.json()).data.items[0] as { kycId: string };
    await s.page.goto(`/documentsV2?drawer=${k.kycId}`);
    const drawer = s.page.getByTestId('detail-drawer');
    expect(await drawer.getByTestId('kyc-type').textContent()).toBe('Address');
    await drawer.getByText('Post code', { exact: true }).waitFor();
    expect(await drawer.getByText('postCode', { exact: true }).count()).toBe(0);
  });

  it('the totals are per status, never one total over every status', async () => {
    await s.page.goto('/deposit/list');
    const totals = s.page.getByRole('region', { name: 'Totals' });
    await totals.getByTestId('totals-CONFIRMED').waitFor();
    expect(await totals.getByTestId('totals-CONFIRMED').textContent()).toMatch(/^Confirmed: [\d,]+ · \$[\d,]+\.\d{2}$/);
    expect(await totals.getByText(/^Total:/).count()).toBe(0);
  });

  it('a time or an amount in a list stays on one line, however narrow the table', async () => {
    await s.page.setViewportSize({ width: 1024, height: 800 });
    try {
      await s.page.goto('/topup/list');
      const row = s.page.getByRole('table', { name: 'Top-ups' }).locator('tbody tr').first();
      await row.waitFor();
      const lines = async (cell: number) => row.locator('td').nth(cell).evaluate((td) => {
        const r = document.createRange();
        r.selectNodeContents(td);
        return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
      });
      expect(await row.locator('td').nth(0).innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(await lines(0)).toBe(1);
      expect(await row.locator('td').nth(4).innerText()).toMatch(/^[\d,.]+ [A-Z]{3,4}$/);
      expect(await lines(4)).toBe(1);
      // The console's own tables too (the kit's TableCell): every time and amount of the outside systems and a report.
      for (const [path, table] of [['/tech-support', 'Outside systems'], ['/reports/game-currency', null]] as const) {
        await s.page.goto(path);
        const t = table ? s.page.getByRole('table', { name: table }) : s.page.locator('main table').first();
        await t.locator('tbody tr').first().waitFor();
        const broken = await t.evaluate((el) => {
          const AMOUNT = '-?[$€£]?-?\\d[\\d,]*(\\.\\d+)?( [A-Z]{3,4})?';
          const whole = new RegExp(`^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2})?|${AMOUNT})$`);
          const cells = [...el.querySelectorAll('td')].filter((td) => whole.test(td.textContent!.trim()));
          const out = cells.filter((td) => { const r = document.createRange(); r.selectNodeContents(td); return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1; });
          return { checked: cells.length, broken: out.map((td) => td.textContent) };
        });
        expect(broken.checked, path).toBeGreaterThan(0);
        expect(broken.broken, path).toEqual([]);
      }
    } finally {
      await s.page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('no page scrolls sideways at 1,024 px: wide tables scroll in their own box, a chart\'s table for screen readers takes no width', async () => {
    await s.page.setViewportSize({ width: 1024, height: 800 });
    try {
      // The charts' hidden data tables (dashboard, a report's bars) once took the page's full width beside the chart;
      // the sport free bet templates, the outside systems and the developer settings' tables overflowed the page.
      for (const path of ['/dashboard', '/reports/game-financial', '/bonus/sport', '/tech-support', '/settings/dev']) {
        await s.page.goto(path);
        await s.page.locator('main table').first().waitFor({ state: 'attached' });
        await s.page.waitForLoadState('networkidle');
        const { scroll, width } = await s.page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
        expect(scroll, path).toBeLessThanOrEqual(width);
      }
    } finally {
      await s.page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('the browser tab shows the page title', async () => {
    await s.page.goto('/withdraw/pending');
    await expect.poll(() => s.page.title()).toBe('Pending Withdrawals · Pitboss');
  });
});

describe('withdrawal destinations', () => {
  it('a card number is masked to its last 4 until revealed with a reason, which the activity log keeps', async () => {
    const tx = (await txs({ transactionType: 'WITHDRAW' })).find((x) => x.destination?.cardNumber);
    expect(tx).toBeDefined();
    expect(tx!.destination!.cardNumber).toMatch(/^•••• \d{4}$/);
    await s.page.goto(`/withdraw/list?drawer=${tx!.txId}`);
    const drawer = s.page.getByTestId('detail-drawer');
    const card = drawer.getByTestId('destination-cardNumber');
    await card.waitFor();
    expect(await card.textContent()).toBe(tx!.destination!.cardNumber);
    await drawer.getByRole('button', { name: 'Show full numbers' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Show full numbers' });
    await dialog.getByLabel('Reason (kept in the activity log)').fill('Paying out by hand at the bank');
    await dialog.getByRole('button', { name: 'Show' }).click();
    await expect.poll(async () => card.textContent()).toMatch(/^\d{16}$/);
    const full = (await card.textContent())!;
    expect(full.endsWith(tx!.destination!.cardNumber!.slice(-4))).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Show full numbers' }).count()).toBe(0);
    const log = await api.post('/api/activities/list', { data: { log: 'transaction', targetId: tx!.txId, action: 'WITHDRAW_DESTINATION_REVEAL' } });
    const [a] = (await log.json()).data.items as { actorEmail: string; after: { reason: string } }[];
    expect(a).toMatchObject({ actorEmail: 'superadmin@demo.local', after: { reason: 'Paying out by hand at the bank' } });
    expect(JSON.stringify(a)).not.toContain(full);
  });
});
