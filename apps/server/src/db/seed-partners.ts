/**
 * The demo partner (Alpha Partners): its settings and domain, three marketing channels (the
 * `ch-1`…`ch-3` its players carry), a balance built from monthly commissions in the ledger, and
 * withdraw requests in every state (confirmed, rejected with its refund, one pending). Every
 * balance change is a ledger entry, so reconciliation holds from the start.
 */
import { addDec, fromUnits, toUnits } from '@pitboss/contract';
import type { Db } from './client.js';
import { ledgerEntries, partnerChannels, partnerSettings, partnerWithdrawals, wallets } from './schema.js';
import { partnerHolderId } from '../modules/partners/balance.js';

export const DEMO_PARTNER = { opId: 'alpha-partner', domain: 'alpha-partners.example', walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' } as const;

export async function seedPartners(db: Db, now: number): Promise<void> {
  const { opId, domain } = DEMO_PARTNER;
  const day = 86_400_000;
  await db.insert(partnerSettings).values({
    opId, domain, isActive: true, casinoSharePercentage: 35, sportSharePercentage: 25, affiliateFeePercentage: 5, bonusFeePercentage: 10,
    cashbackFeePercentage: 10, depositFeePercentage: 2, withdrawFeePercentage: 2, minWithdrawAmountInUsd: 50,
    settingsUpdatedAt: new Date(now - 200 * day), settingsUpdatedBy: 'admin@demo.local', createdAt: new Date(now - 300 * day),
  });
  await db.insert(partnerChannels).values([
    { opId, channelId: 'ch-1', description: 'Football forum banner', domain, createdBy: 'partner@demo.local', createdAt: new Date(now - 280 * day) },
    { opId, channelId: 'ch-2', description: 'Telegram channel', domain, createdBy: 'partner@demo.local', createdAt: new Date(now - 150 * day) },
    { opId, channelId: 'ch-3', description: 'Casino review site', domain, createdBy: 'admin@demo.local', createdAt: new Date(now - 40 * day) },
  ]);

  const walletId = crypto.randomUUID();
  const holder = partnerHolderId(opId);
  let balance = '0';
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const post = (amount: string, reason: string, at: Date, refType: string, refId: string) => {
    balance = addDec(balance, amount);
    if (toUnits(balance) < 0n) throw new Error('demo partner balance below zero');
    entries.push({ walletId, playerId: holder, opId, amount, balanceAfter: balance, currency: 'USD', rateToUsd: '1', reason, refType, refId, createdAt: at });
  };
  // Monthly commissions over the last six months.
  const commissions = ['1840.25', '2215.60', '1975.10', '2480.00', '2105.45', '2650.80'];
  commissions.forEach((amount, i) => post(amount, 'PARTNER_COMMISSION', new Date(now - (6 - i) * 30 * day), 'partner_commission', `${opId}-commission-${i + 1}`));

  const requests: (typeof partnerWithdrawals.$inferInsert)[] = [];
  const request = (amount: string, daysAgo: number, outcome: 'CONFIRMED' | 'REJECTED' | 'PENDING', note: string | null, by: string | null) => {
    const txId = crypto.randomUUID();
    const at = new Date(now - daysAgo * day);
    const decided = new Date(at.getTime() + 5 * 3_600_000);
    post(`-${amount}`, 'PARTNER_WITHDRAW_HOLD', at, 'partner_withdrawal', txId);
    if (outcome === 'REJECTED') post(amount, 'PARTNER_WITHDRAW_REFUND', decided, 'partner_withdrawal', txId);
    const a = fromUnits(toUnits(amount));
    requests.push({
      txId, opId, status: outcome, fromAmount: a, fromCurrency: 'USD', fromAmountInUsd: a, toAmount: a, toCurrency: 'USDT', toAmountInUsd: a,
      network: 'TRON', destinationAddress: DEMO_PARTNER.walletAddress, note, requestedBy: 'partner@demo.local',
      confirmedBy: outcome === 'CONFIRMED' ? by : null, confirmedAt: outcome === 'CONFIRMED' ? decided : null,
      rejectedBy: outcome === 'REJECTED' ? by : null, rejectedAt: outcome === 'REJECTED' ? decided : null,
      createdAt: at, updatedAt: outcome === 'PENDING' ? at : decided,
    });
  };
  request('3000', 95, 'CONFIRMED', 'Paid to your TRON wallet.', 'admin@demo.local');
  request('2500', 52, 'CONFIRMED', 'Paid to your TRON wallet.', 'superadmin@demo.local');
  request('1200', 21, 'REJECTED', 'The wallet address did not match the one on file; please request again.', 'superadmin@demo.local');
  request('750', 2, 'PENDING', null, null);

  await db.insert(wallets).values({ id: walletId, playerId: holder, opId, kind: 'PARTNER', currency: 'USD', balance, updatedAt: new Date(now - 2 * day) });
  await db.insert(ledgerEntries).values(entries);
  await db.insert(partnerWithdrawals).values(requests);
}
