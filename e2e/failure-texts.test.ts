import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { MSG, PARTNER_MESSAGES, PAYMENT_MESSAGES, PERMISSION_MESSAGES, STAFF_MESSAGES, VOUCHER_INPUT_MIN } from '@pitboss/contract';
import { choose, login, openBrowser, type Session } from './browser.js';

/* What the console shows when an action fails, and the state it leaves, against the real server. */
let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  s.page.setDefaultTimeout(20_000);
  await login(s.page, 'superadmin@demo.local', null);
});
afterAll(async () => { await s?.close(); });

/** A server failure without any message (the console's fallback text is then the spec's). */
const failWithoutMessage = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, messages: [] }) });
const post = async (url: string, data: unknown) => (await (await s.context.request.post(url, { data })).json()).data;

/** The error dialog titled `title` lists exactly `messages`, and closes with OK. */
async function errorDialogShows(title: string, messages: string[]): Promise<void> {
  const error = s.page.getByRole('dialog', { name: title });
  await error.getByRole('listitem').first().waitFor();
  expect(await error.getByRole('listitem').allInnerTexts()).toEqual(messages);
  await error.getByRole('button', { name: 'OK' }).click();
  await error.waitFor({ state: 'detached' });
}

describe('Edit KYC details', () => {
  it('a failed edit opens "Unable to edit KYC details.", keeps the form with the typed values, and changes nothing', async () => {
    const k = (await post('/api/kyc/list', { optionType: 'ADDRESS', limit: 1 })).items[0] as { kycId: string; data: Record<string, string> };
    await s.page.route('**/api/players/kyc/v2', failWithoutMessage);
    try {
      await s.page.goto(`/documentsV2?drawer=${k.kycId}`);
      const drawer = s.page.getByTestId('detail-drawer');
      await drawer.getByRole('button', { name: 'Edit' }).click();
      const form = s.page.getByRole('form', { name: 'Edit KYC details' });
      await form.getByLabel('City').fill('Refusedton');
      await form.getByRole('button', { name: 'Save' }).click();
      const error = s.page.getByRole('dialog', { name: MSG.KYC_EDIT_FAILED });
      await error.getByRole('listitem').first().waitFor();
      expect(await error.getByRole('listitem').allInnerTexts()).toEqual([MSG.KYC_EDIT_FAILED]);
      expect(await s.page.getByText(MSG.KYC_EDITED).count()).toBe(0);
      await error.getByRole('button', { name: 'OK' }).click();
      await error.waitFor({ state: 'detached' });
      expect(await form.getByLabel('City').inputValue()).toBe('Refusedton');
    } finally {
      await s.page.unroute('**/api/players/kyc/v2');
    }
    const after = (await post('/api/kyc/get', { kycId: k.kycId })) as { data: Record<string, string> };
    expect(after.data.city).toBe(k.data.city);
  });
});

describe('KYC decision', () => {
  it('a decision the server refuses without a message opens "An error occurred." and the document stays pending', async () => {
    const k = (await post('/api/kyc/list', { optionType: 'EMAIL', status: 'PENDING', limit: 5 })).items.at(-1) as { kycId: string };
    await s.page.route('**/api/players/kyc/v2', failWithoutMessage);
    try {
      await s.page.goto(`/documentsV2?drawer=${k.kycId}`);
      const drawer = s.page.getByTestId('detail-drawer');
      await drawer.getByLabel('Note for the player').fill('Checked against the registration e-mail.');
      await drawer.getByRole('button', { name: 'Confirm', exact: true }).click();
      const error = s.page.getByRole('dialog').filter({ has: s.page.getByRole('listitem') });
      await error.getByRole('listitem').first().waitFor();
      expect(await error.getByRole('listitem').allInnerTexts()).toEqual([MSG.KYC_GENERIC]);
      expect(await s.page.getByText(MSG.KYC_APPROVED).count()).toBe(0);
      await error.getByRole('button', { name: 'OK' }).click();
      await error.waitFor({ state: 'detached' });
    } finally {
      await s.page.unroute('**/api/players/kyc/v2');
    }
    expect(((await post('/api/kyc/get', { kycId: k.kycId })) as { kycStatus: string }).kycStatus).toBe('PENDING');
  });
});

describe('Add New Partner', () => {
  it('a failing step shows its failure text and the wizard stays on that step', async () => {
    await s.page.goto('/partners/list');
    await s.page.getByRole('button', { name: 'Add New Partner' }).click();
    const wizard = s.page.getByRole('dialog', { name: 'Add New Partner' });
    const activeStep = () => wizard.locator('.MuiStepLabel-label.Mui-active').innerText();

    // Step 1: the brand call fails without an answer's message → Warning, the creation failure text.
    await s.page.route('**/api/operators/brands/new/v3', failWithoutMessage);
    try {
      await choose(s.page, wizard.getByLabel('Parent operator'), 'Bravo Entertainment');
      await wizard.getByLabel('Partner name').fill('Vega Partners');
      await wizard.getByLabel('Domain').fill('vega-partners.example');
      await wizard.getByRole('button', { name: 'Next' }).click();
      const warning = s.page.getByRole('dialog', { name: PARTNER_MESSAGES.WARNING_TITLE });
      await warning.getByText(PARTNER_MESSAGES.CREATE_FAILED, { exact: true }).waitFor();
      await warning.getByRole('button', { name: 'OK' }).click();
      await warning.waitFor({ state: 'detached' });
    } finally {
      await s.page.unroute('**/api/operators/brands/new/v3');
    }
    await wizard.getByRole('alert').filter({ hasText: PARTNER_MESSAGES.CREATE_FAILED }).waitFor();
    expect(await activeStep()).toBe('Required Details');
    expect(await wizard.getByLabel('Partner name').inputValue()).toBe('Vega Partners');

    // The retry goes on; step 2 refused by the server (an e-mail in use) → Unable To Proceed, its message.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(/User code: vega-partn/).waitFor();
    expect(await wizard.getByRole('alert').count()).toBe(0);
    await wizard.getByLabel('E-mail').fill('admin@demo.local');
    await wizard.getByLabel('Nickname').fill('vega partner');
    await wizard.getByLabel('Password').fill('Vega-Pass-2026');
    await wizard.getByRole('button', { name: 'Next' }).click();
    const refused = s.page.getByRole('dialog', { name: MSG.UNABLE_TO_PROCEED });
    await refused.getByText(STAFF_MESSAGES.EMAIL_TAKEN, { exact: true }).waitFor();
    await refused.getByRole('button', { name: 'OK' }).click();
    await refused.waitFor({ state: 'detached' });
    await wizard.getByRole('alert').filter({ hasText: STAFF_MESSAGES.EMAIL_TAKEN }).waitFor();
    expect(await activeStep()).toBe('User Details');
    expect(await wizard.getByLabel('E-mail').inputValue()).toBe('admin@demo.local');
    expect(await wizard.getByRole('button', { name: 'Finish' }).count()).toBe(0);
    expect(await s.page.getByText(PARTNER_MESSAGES.USER_CREATED).count()).toBe(0);

    /** The error dialog of a failed step shows `text`; closed, the step's alert keeps it. */
    const failedWith = async (text: string) => {
      const dialog = s.page.getByRole('dialog', { name: MSG.UNABLE_TO_PROCEED });
      await dialog.getByText(text, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
      await wizard.getByRole('alert').filter({ hasText: text }).waitFor();
    };
    const email = `vega.${String(Date.now()).slice(-6)}@demo.local`;
    await wizard.getByLabel('E-mail').fill(email);
    // Step 2 failing without a message: "Unable to create new user"; without any answer: "Error happened while creating the user".
    await s.page.route('**/api/users', failWithoutMessage);
    try {
      await wizard.getByRole('button', { name: 'Next' }).click();
      await failedWith(PARTNER_MESSAGES.USER_CREATE_FAILED);
    } finally {
      await s.page.unroute('**/api/users');
    }
    await s.page.route('**/api/users', (route) => route.abort());
    try {
      await wizard.getByRole('button', { name: 'Next' }).click();
      await failedWith(PARTNER_MESSAGES.USER_CREATE_THROWN);
    } finally {
      await s.page.unroute('**/api/users');
    }
    expect(await activeStep()).toBe('User Details');

    // Step 3 failing: "Unable to create partner settings", and the wizard stays on Settings.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Finish' }).waitFor();
    await s.page.route('**/api/partners/settings', failWithoutMessage);
    try {
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await failedWith(PARTNER_MESSAGES.SETTINGS_FAILED);
    } finally {
      await s.page.unroute('**/api/partners/settings');
    }
    expect(await activeStep()).toBe('Settings');
    expect(await s.page.getByText(PARTNER_MESSAGES.CREATED, { exact: true }).count()).toBe(0);
  });
});

describe('New Channel', () => {
  it('a channel ID the partner already has opens "Unable To Create Channel" with the server\'s message; one channel remains', async () => {
    await s.page.goto('/channels');
    const create = async () => {
      await s.page.getByRole('button', { name: 'New Channel' }).click();
      const dialog = s.page.getByRole('dialog', { name: 'New Channel' });
      await dialog.getByLabel('Partner').click();
      await s.page.getByRole('listbox').getByRole('option', { name: /^Alpha Partners/ }).click();
      await s.page.getByRole('listbox').waitFor({ state: 'detached' });
      await dialog.getByLabel('Channel ID').fill('spring-promo');
      await dialog.getByLabel('Channel name').fill('Spring promo');
      await dialog.getByRole('button', { name: 'Create' }).click();
      return dialog;
    };
    const first = await create();
    await s.page.getByText(PARTNER_MESSAGES.CHANNEL_CREATED).waitFor();
    await first.waitFor({ state: 'detached' });

    const second = await create();
    const error = s.page.getByRole('dialog', { name: PARTNER_MESSAGES.CHANNEL_DIALOG_TITLE });
    await error.getByText(PARTNER_MESSAGES.CHANNEL_EXISTS, { exact: true }).waitFor();
    await error.getByRole('button', { name: 'OK' }).click();
    await error.waitFor({ state: 'detached' });
    // The form stays open with what was typed, to be corrected.
    expect(await second.getByLabel('Channel ID').inputValue()).toBe('spring-promo');
    const rows = (await post('/api/partners/channels/list', { search: 'spring-promo', limit: 50 })).items as { channelId: string }[];
    expect(rows.filter((c) => c.channelId === 'spring-promo')).toHaveLength(1);
  });
});

describe('player actions that fail', () => {
  /** A player of the demo world that is not deleted, on its page. */
  async function openPlayer() {
    const p = (await post('/api/players', { limit: 20, opId: 'op-charlie' })).items.find((x: { isDeleted: boolean }) => !x.isDeleted) as { playerCode: string; playerId: string };
    await s.page.goto(`/players/${p.playerCode}`);
    await s.page.getByRole('button', { name: 'Reset Player 2FA' }).waitFor();
    return p;
  }
  const reset2fa = async () => {
    await s.page.getByRole('button', { name: 'Reset Player 2FA' }).click();
    await s.page.getByRole('dialog', { name: 'Reset Player 2FA' }).getByRole('button', { name: 'Reset 2FA' }).click();
  };

  it('a 2FA reset the server refuses opens "Failed to update 2FA settings"; one that gets no answer says "An error occurred while updating the 2FA settings"', async () => {
    await openPlayer();
    await s.page.route('**/api/players/2fa', failWithoutMessage);
    try {
      await reset2fa();
      const refused = s.page.getByRole('dialog', { name: MSG.TWO_FA_FAILED });
      await refused.getByRole('listitem').first().waitFor();
      expect(await refused.getByRole('listitem').allInnerTexts()).not.toContain(MSG.TWO_FA_ERROR);
      expect(await s.page.getByText(MSG.TWO_FA_RESET).count()).toBe(0);
      await refused.getByRole('button', { name: 'OK' }).click();
      await refused.waitFor({ state: 'detached' });
    } finally {
      await s.page.unroute('**/api/players/2fa');
    }
    await s.page.route('**/api/players/2fa', (route) => route.abort('connectionreset'));
    try {
      await reset2fa();
      await errorDialogShows(MSG.TWO_FA_FAILED, [MSG.TWO_FA_ERROR]);
    } finally {
      await s.page.unroute('**/api/players/2fa');
    }
  });

  it('a player delete the server refuses opens "Unable to perform this action" and the player stays', async () => {
    const p = await openPlayer();
    await s.page.route('**/api/players/delete', failWithoutMessage);
    try {
      await s.page.getByRole('button', { name: 'Delete Player' }).click();
      const confirm = s.page.getByRole('dialog', { name: 'Player Delete Confirmation' });
      await confirm.getByLabel(`Type ${p.playerCode} to confirm`).fill(p.playerCode);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      const error = s.page.getByRole('dialog', { name: MSG.PLAYER_DELETE_FAILED });
      await error.getByRole('listitem').first().waitFor();
      expect(await error.getByRole('listitem').allInnerTexts()).toEqual([MSG.PLAYER_DELETE_FAILED]);
      expect(await s.page.getByText(MSG.PLAYER_DELETED).count()).toBe(0);
    } finally {
      await s.page.unroute('**/api/players/delete');
    }
    expect((await post('/api/player', { playerCode: p.playerCode })).isDeleted).toBe(false);
  });
});

describe('New Admin', () => {
  it('a failed creation shows "Unable to create new user", or with no answer "Error happened while creating the user.", and keeps the form', async () => {
    await s.page.goto('/settings/admins');
    await s.page.getByRole('button', { name: 'New Admin' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'New Admin' });
    await dialog.getByLabel('E-mail').fill('failing.devops@demo.local');
    await dialog.getByLabel('Nickname').fill('Failing Devops');
    await dialog.getByLabel('Password').fill('Failing-Pass-1');
    await choose(s.page, dialog.getByLabel('Role'), 'Dev Ops');
    for (const [fail, text] of [[failWithoutMessage, STAFF_MESSAGES.CREATE_FAILED], [(route: Route) => route.abort(), STAFF_MESSAGES.CREATE_THROWN]] as const) {
      await s.page.route('**/api/users', fail);
      try {
        await dialog.getByRole('button', { name: 'Create' }).click();
        await errorDialogShows(MSG.ERROR_DIALOG_TITLE, [text]);
      } finally {
        await s.page.unroute('**/api/users');
      }
      expect(await dialog.getByLabel('E-mail').inputValue()).toBe('failing.devops@demo.local');
    }
    expect(await s.page.getByText(STAFF_MESSAGES.CREATED).count()).toBe(0);
  });
});

describe('Invoice Setting', () => {
  it('a failed read of the settings still opens the form, empty, with the failure as its warning', async () => {
    const settings = '**/api/billingV2/invoice/settings?**';
    await s.page.route(settings, (route) => (route.request().method() === 'GET'
      ? route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, data: null, messages: [MSG.OPERATOR_NOT_FOUND] }) })
      : route.fallback()));
    try {
      await s.page.goto('/billing/operators');
      const table = s.page.getByRole('table', { name: 'Operators billing' });
      await table.getByRole('button', { name: 'Invoice Setting' }).first().click();
      const form = s.page.getByRole('dialog', { name: 'Invoice Setting' });
      await form.getByRole('alert').filter({ hasText: MSG.OPERATOR_NOT_FOUND }).waitFor();
      expect(await form.getByRole('button', { name: 'Save' }).count()).toBe(1);
    } finally {
      await s.page.unroute(settings);
    }
  });
});

describe('New Permission', () => {
  it('a save the server refuses without a message is titled "Failed to save permission" and says "An error occurred while saving the permission."', async () => {
    await s.page.goto('/settings/staff-permissions');
    await s.page.getByRole('button', { name: 'New Permission' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Create Permission' });
    await dialog.getByLabel('Key').fill('failing_permission');
    await dialog.getByLabel('Description').fill('A permission whose save fails');
    await dialog.getByLabel('Tags (comma separated)').fill('e2e');
    await dialog.getByRole('checkbox', { name: 'Admin', exact: true }).check();
    await s.page.route('**/api/users/permissions-v2', failWithoutMessage);
    try {
      await dialog.getByRole('button', { name: 'Save' }).click();
      await errorDialogShows(PERMISSION_MESSAGES.SAVE_FAILED, [PERMISSION_MESSAGES.SAVE_ERROR]);
    } finally {
      await s.page.unroute('**/api/users/permissions-v2');
    }
    expect(await dialog.getByLabel('Key').inputValue()).toBe('failing_permission');
  });
});

describe('Topup Utopia Wallet', () => {
  it('a top-up that gets no answer says "Internal Error. Please try again later." under "Unable To Proceed", and the form stays', async () => {
    await s.page.goto('/withdraw/treasuries?provider=utopia');
    await s.page.getByRole('button', { name: 'Topup Utopia Wallet' }).first().click();
    const dialog = s.page.getByRole('dialog', { name: 'Topup Utopia Wallet', exact: true });
    const voucher = 'E2E'.padEnd(VOUCHER_INPUT_MIN, '7');
    await dialog.getByLabel('Voucher code').fill(voucher);
    const topup = '**/api/paymentsV2/withdraw/utopia/wallet/topup';
    await s.page.route(topup, (route) => route.abort());
    try {
      await dialog.getByRole('button', { name: 'Topup' }).click();
      await s.page.getByRole('dialog', { name: 'Topup Utopia Wallet Confirmation' }).getByRole('button', { name: 'Topup' }).click();
      await errorDialogShows(MSG.UNABLE_TO_PROCEED, [PAYMENT_MESSAGES.UTOPIA_INTERNAL]);
    } finally {
      await s.page.unroute(topup);
    }
    expect(await dialog.getByLabel('Voucher code').inputValue()).toBe(voucher);
  });
});
