import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, MSG } from '@pitboss/contract';
import { choose, login, openBrowser, type Session, signOut } from './browser.js';

let s: Session;

/** One CSV line into its fields (quoted fields may hold commas and doubled quotes). */
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out;
}
beforeAll(async () => { s = await openBrowser(); });
afterAll(async () => { await s?.close(); });

describe('list export and simple view', () => {
  it('a super admin exports the players list as CSV and switches to the simple view', async () => {
    await login(s.page, 'superadmin@demo.local', '/players?isTest=false');
    await s.page.locator('tbody tr').first().waitFor();
    const [dl] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Export as CSV' }).click()]);
    // The shared Chromium runs outside this process: the download is copied here to be read.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pitboss-export-')), dl.suggestedFilename());
    await dl.saveAs(file);
    const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Player code,Username,Operator/Brand,Wallet (USD),Status,Joined at,Last Activity');
    expect(lines.length).toBeGreaterThan(100); // more than one page: the export walks the pages
    expect(lines.length).toBeLessThanOrEqual(1001);
    expect(lines.slice(1).every((l) => !l.includes('Test '))).toBe(true);
    // What staff read in the file is what the list shows: USD amounts with separators and cents,
    // operators by name, never an id.
    const rows = lines.slice(1).map(parseCsvLine);
    const wallets = rows.map((r) => r[3]!);
    expect(wallets.every((w) => /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/.test(w)), wallets.slice(0, 5).join(' | ')).toBe(true);
    expect(wallets.some((w) => w.includes(','))).toBe(true);
    const ops = rows.map((r) => r[2]!);
    expect(ops.some((o) => /^op-|^[a-z]+-[a-z]+$/.test(o)), ops.slice(0, 5).join(' | ')).toBe(false);

    const headers = s.page.getByRole('table').locator('thead th');
    expect(await headers.count()).toBe(7);
    await s.page.getByLabel('Simple view').check();
    await expect.poll(() => headers.count()).toBe(4);
  });

  it('the bets list shows the stake in USD under a stake of another currency; the export has it as a column of its own', async () => {
    await s.page.goto('/bets?opId=op-alpha&includeBrands=true');
    const table = s.page.getByRole('table', { name: 'Bets' });
    await table.locator('tbody tr').first().waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Placed', 'Bet ID', 'Player', 'Operator', 'Game / Event', 'Stake', 'Win', 'Status']);
    const [dl] = await Promise.all([s.page.waitForEvent('download'), s.page.getByRole('button', { name: 'Export as CSV' }).click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pitboss-export-')), dl.suggestedFilename());
    await dl.saveAs(file);
    const lines = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(lines[0]).toBe('Placed,Bet ID,Player,Operator,Game / Event,Stake,Win,Stake (USD),Status');
    const rows = lines.slice(1).filter(Boolean).map(parseCsvLine);
    // Each field holds one figure: the stake in its currency, its USD apart; the type before the game.
    expect(rows.every((r) => /^[\d,]+(\.\d+)? [A-Z]{3,4}$/.test(r[5]!) && /^\$[\d,]+\.\d{2}$/.test(r[7]!)), rows.slice(0, 3).map((r) => `${r[5]} | ${r[7]}`).join(' / ')).toBe(true);
    expect(rows.every((r) => /^(Casino|Sport) · /.test(r[4]!))).toBe(true);
  });

  it('an operator admin has neither export nor simple view', async () => {
    await signOut(s);
    await login(s.page, 'operator.admin@demo.local', '/players');
    await s.page.locator('tbody tr').first().waitFor();
    expect(await s.page.getByRole('button', { name: 'Export as CSV' }).count()).toBe(0);
    expect(await s.page.getByLabel('Simple view').count()).toBe(0);
  });
});

describe('Export High Depositors', () => {
  it('the form refuses 3 decimals and a period ending before it starts; the export shows its progress, then its players and the file', async () => {
    await signOut(s);
    await login(s.page, 'superadmin@demo.local', '/players');
    await s.page.getByRole('button', { name: 'Export High Depositors' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Export High Depositors' });
    await choose(s.page, dialog.getByLabel('Operator'), 'Bravo Entertainment');
    await dialog.getByLabel('Deposits of at least (USD)').fill('250.125');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByText(EXPORT_MESSAGES.THRESHOLD).waitFor();
    await dialog.getByLabel('Deposits of at least (USD)').fill('250.12');
    await dialog.getByLabel('From', { exact: true }).fill('2026-03-02');
    await dialog.getByLabel('To', { exact: true }).fill('2026-03-01');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByText(MSG.DATE_RANGE_INVALID).waitFor();
    await dialog.getByLabel('From', { exact: true }).fill('');
    await dialog.getByLabel('To', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Export progress' }).waitFor();
    const link = dialog.getByRole('link', { name: 'Download CSV' });
    await link.waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('export-status').textContent()).toMatch(/^Ready: \d+ players?\.$/);
    expect(await link.getAttribute('download')).toMatch(/^high-depositors-op-bravo-[\d-]+\.csv$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
