import { CLAIM_SOURCE_WALLET, WITHDRAW_PROVIDER_SUFFIXES, TX_SUB_TYPES, convertAmount, currencyDecimals, fromUnits, roundDec, toUnits } from '@pitboss/contract';
import type { Db } from './client.js';
import { bankAccounts, banks, paymentGateways, providerCalls, transactions, treasuries, treasuryEntries, type ledgerEntries, type wallets } from './schema.js';
import { toUsd } from '../modules/wallet/ledger.js';
import { bulkInsert } from './bulk.js';
import { demoDeciderOf } from './seed-people.js';

type WalletRow = typeof wallets.$inferInsert & { id: string };
type LedgerRow = typeof ledgerEntries.$inferInsert;
type TxRow = typeof transactions.$inferInsert;
interface SeedPlayer { id: string; opId: string; playerCode: string; createdAt: Date }

export interface MoneySeedInput {
  players: SeedPlayer[];
  walletRows: WalletRow[];
  ledgerRows: LedgerRow[];
  rates: Record<string, string>;
  operators: readonly { opId: string; title: string; parentOpId: string | null; kind: string; allowedCurrencies: readonly string[] }[];
  rand: () => number;
  now: number;
}

/** A payment provider's id as a name ("fx-havale" → "FX Havale", "cpg" → "CPG"): the demo gateways' titles. */
const providerName = (p: string) => p.split('-').map((w) => (w.length <= 3 ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1))).join(' ');

/**
 * Money movements of the demo world: gateways, treasuries, bank accounts, banks and
 * transactions of every type, sub-type and status. Every balance effect goes through the
 * in-memory wallets and appends its ledger entry, so reconciliation holds from the start.
 */
export async function seedMoney(db: Db, m: MoneySeedInput): Promise<void> {
  const { rand, now } = m;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const uuid = () => crypto.randomUUID();
  const wallet = new Map<string, { row: WalletRow; units: bigint }>();
  for (const w of m.walletRows) wallet.set(`${w.playerId}|${w.kind}|${w.currency}`, { row: w, units: toUnits(String(w.balance)) });

  /** Move money on a wallet (creating it), appending a ledger entry; false when it would go negative. */
  const move = (p: SeedPlayer, kind: string, currency: string, amount: string, reason: string, refId: string, at: Date): { before: string; after: string } | null => {
    const k = `${p.id}|${kind}|${currency}`;
    let w = wallet.get(k);
    if (!w) {
      const row: WalletRow = { id: uuid(), playerId: p.id, opId: p.opId, kind, currency, balance: '0' };
      m.walletRows.push(row);
      w = { row, units: 0n };
      wallet.set(k, w);
    }
    const after = w.units + toUnits(amount);
    if (after < 0n) return null;
    const before = fromUnits(w.units);
    w.units = after;
    w.row.balance = fromUnits(after);
    m.ledgerRows.push({ walletId: w.row.id, playerId: p.id, opId: p.opId, amount, balanceAfter: fromUnits(after), currency, rateToUsd: m.rates[currency]!, reason, refType: 'transaction', refId, createdAt: at });
    return { before, after: fromUnits(after) };
  };

  // Gateways: every withdraw provider for the parent operators, a few for brands; 12 Tomani gateways for op-alpha.
  const gatewayRows: (typeof paymentGateways.$inferInsert)[] = [];
  const playerOps = m.operators.filter((o) => o.kind === 'OPERATOR' || o.kind === 'BRAND');
  for (const op of playerOps) {
    const isParent = op.kind === 'OPERATOR';
    const withdrawProviders = isParent ? [...WITHDRAW_PROVIDER_SUFFIXES, 'tomani', 'witcher'] : ['cpg', 'jb', 'tomani', 'witcher'];
    for (const provider of withdrawProviders) {
      const count = provider === 'tomani' && op.opId === 'op-alpha' ? 12 : 1;
      for (let i = 0; i < count; i++) {
        gatewayRows.push({
          opId: op.opId, direction: 'WITHDRAW', provider, title: { en: `${providerName(provider)}${count > 1 ? ` #${i + 1}` : ''}` },
          currencies: [...op.allowedCurrencies], minAmount: '10', maxAmount: '50000', order: i + 1, isActive: rand() < 0.9,
          config: { merchantId: `${provider}-${op.opId}-${i + 1}` },
        });
      }
    }
    for (const provider of ['cpg', 'jb', 'tomani', 'perfect-money', 'fiat-crypto']) {
      gatewayRows.push({
        opId: op.opId, direction: 'DEPOSIT', provider, title: { en: `${providerName(provider)} deposit` }, currencies: [...op.allowedCurrencies],
        minAmount: '5', maxAmount: '20000', feePercentage: provider === 'cpg' ? '1.5' : '0', order: 1, isActive: true,
        config: { autoRate: provider !== 'jb' },
      });
    }
  }
  const gateways = await db.insert(paymentGateways).values(gatewayRows).returning({ uuid: paymentGateways.uuid, opId: paymentGateways.opId, direction: paymentGateways.direction, provider: paymentGateways.provider });
  const gwFor = (opId: string, direction: string, provider?: string) => {
    const xs = gateways.filter((g) => g.opId === opId && g.direction === direction && (!provider || g.provider === provider));
    return xs.length ? pick(xs) : undefined;
  };

  // Treasuries: the Utopia wallet (UUSD) and a CPG treasury per parent operator.
  const treasuryRows = playerOps.filter((o) => o.kind === 'OPERATOR').flatMap((o) => [
    { uuid: uuid(), opId: o.opId, provider: 'utopia', title: `Utopia wallet (${o.title})`, currency: 'UUSD', balance: '5000.00', config: { customerId: `U-${o.opId}` } },
    { uuid: uuid(), opId: o.opId, provider: 'cpg', title: `CPG treasury (${o.title})`, currency: 'USDT', balance: '25000.00', config: {} },
  ]);
  await db.insert(treasuries).values(treasuryRows);
  await db.insert(treasuryEntries).values(treasuryRows.map((t) => ({
    treasuryUuid: t.uuid, opId: t.opId, transactionType: 'TOPUP', transactionSubType: 'OPENING_BALANCE', status: 'CONFIRMED', amount: t.balance,
    // Opened before the treasury page's longest view (90 days), so each wallet's line starts at its balance.
    currency: t.currency, balanceAfter: t.balance, createdBy: 'seed', createdAt: new Date(now - 95 * 86_400_000), confirmedAt: new Date(now - 95 * 86_400_000),
  })));

  // Transactions of every type, sub-type and status.
  const txRows: TxRow[] = [];
  const callRows: (typeof providerCalls.$inferInsert)[] = [];
  const withdrawProviders = [...WITHDRAW_PROVIDER_SUFFIXES, 'tomani', 'witcher'];
  let wIndex = 0;
  const base = (p: SeedPlayer, at: Date, currency: string, amount: string): Omit<TxRow, 'transactionType' | 'status'> => {
    const rate = m.rates[currency]!;
    const usd = toUsd(amount, rate);
    return {
      txId: uuid(), opId: p.opId, playerId: p.id, fromAmount: amount, fromCurrency: currency, fromAmountInUsd: usd,
      toAmount: amount, toCurrency: currency, toAmountInUsd: usd, rateToUsd: rate, createdAt: at, updatedAt: at,
    };
  };
  /** $5 to $2,005 (cents) in the movement's own currency, with its decimals: never 2,005 BTC. */
  const amountOf = (currency: string, cents: number) =>
    roundDec(convertAmount(fromUnits(BigInt(cents) * 1_000_000n), '1', m.rates[currency] ?? '1'), currencyDecimals(currency));
  /** A tenth of `cents` as a USD amount in cents: $0.50 to $200.50 (rewards, top-ups). */
  const usdOf = (cents: number) => roundDec(fromUnits(BigInt(cents) * 100_000n), 2);
  /** Where a withdrawal is paid to: an IBAN, a card or a bank account (the answers mask them). */
  const destinationOf = (p: SeedPlayer) => {
    const d = rand();
    if (d < 0.5) return { type: 'IBAN', iban: `TR${String(Math.floor(rand() * 1e12)).padStart(24, '0')}`, holder: p.playerCode };
    if (d < 0.8) return { type: 'CARD', cardNumber: String(6000000000000000 + Math.floor(rand() * 999999999999)), holder: p.playerCode };
    return { type: 'BANK_ACCOUNT', bankName: pick(['Ziraat', 'Garanti', 'Akbank']), accountNumber: String(1000000000 + Math.floor(rand() * 8999999999)), holder: p.playerCode };
  };
  for (const p of m.players) {
    if (rand() > 0.45) continue;
    const op = m.operators.find((o) => o.opId === p.opId)!;
    const n = 1 + Math.floor(rand() * 5);
    let hadDeposit = false;
    for (let i = 0; i < n; i++) {
      // Within 60 days of the registration and before now, spread evenly (a time past now was moved to
      // "a minute ago", which piled a newer player's movements onto one moment of today).
      const span = Math.max(60_000, Math.min(60 * 86_400_000, now - 60_000 - p.createdAt.getTime()));
      const at = new Date(p.createdAt.getTime() + Math.floor(rand() * span));
      if (i === 0 && p.playerCode.endsWith('7')) at.setTime(now - Math.floor(rand() * 3_600_000)); // some fresh movements
      const currency = pick(op.allowedCurrencies);
      const cents = 500 + Math.floor(rand() * 200_000);
      const amount = amountOf(currency, cents);
      const kind = rand();
      if (kind < 0.35) {
        const status = pick(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'PENDING', 'PENDING', 'REJECTED', 'CANCELED'] as const);
        const gw = gwFor(p.opId, 'DEPOSIT');
        const t: TxRow = { ...base(p, at, currency, amount), transactionType: 'DEPOSIT', status, gateway: gw?.provider, gatewayUuid: gw?.uuid, provider: gw?.provider, isFtd: !hadDeposit && status === 'CONFIRMED', externalRef: `ORD-${Math.floor(rand() * 1e9)}` };
        if (status === 'CONFIRMED') {
          const r = move(p, 'MAIN', currency, amount, 'DEPOSIT', t.txId!, at);
          if (!r) continue;
          Object.assign(t, { balanceBefore: r.before, balanceAfter: r.after, confirmedAt: at, confirmedBy: 'system' });
          hadDeposit = true;
        }
        if (status === 'REJECTED') Object.assign(t, { rejectReason: 'Payment was not received by the gateway.', rejectedAt: at, rejectedBy: demoDeciderOf(p.opId) });
        txRows.push(t);
      } else if (kind < 0.65) {
        const status = pick(['PENDING', 'PENDING', 'IN_PROGRESS', 'CONFIRMED', 'REJECTED'] as const);
        const provider = withdrawProviders[wIndex++ % withdrawProviders.length]!;
        const gw = gwFor(p.opId, 'WITHDRAW', provider) ?? gwFor(p.opId, 'WITHDRAW');
        const t: TxRow = {
          ...base(p, at, currency, amount), transactionType: 'WITHDRAW', status, gateway: gw?.provider, gatewayUuid: gw?.uuid, provider: gw?.provider,
          destination: destinationOf(p),
        };
        const hold = move(p, 'MAIN', currency, `-${amount}`, 'WITHDRAW_HOLD', t.txId!, at);
        if (!hold) continue;
        Object.assign(t, { balanceBefore: hold.before, balanceAfter: hold.after });
        if (status === 'CONFIRMED') Object.assign(t, { confirmedAt: at, confirmedBy: 'admin@demo.local' });
        if (status === 'REJECTED') {
          move(p, 'MAIN', currency, amount, 'WITHDRAW_REFUND', t.txId!, new Date(at.getTime() + 60_000));
          Object.assign(t, { rejectedAt: at, rejectedBy: 'admin@demo.local', playerNote: 'Bank details do not match.' });
        }
        if (status !== 'PENDING') callRows.push({ txId: t.txId, provider: t.provider ?? 'cpg', action: 'withdraw', request: { amount, currency, destination: t.destination }, response: { status: status === 'REJECTED' ? 'FAILED' : 'OK', reference: `W-${Math.floor(rand() * 1e9)}` }, outcome: status === 'REJECTED' ? 'FAILED' : 'SUCCESS', createdAt: at });
        txRows.push(t);
      } else if (kind < 0.75) {
        const r = move(p, 'MAIN', 'USD', usdOf(cents), 'TOPUP', 'pending', at);
        if (!r) continue;
        const t: TxRow = { ...base(p, at, 'USD', usdOf(cents)), transactionType: 'TOPUP', transactionSubType: 'OTHER', status: 'CONFIRMED', balanceBefore: r.before, balanceAfter: r.after, reason: 'COMPENSATION', note: 'Demo top-up', createdBy: 'admin@demo.local', confirmedAt: at, confirmedBy: 'admin@demo.local' };
        m.ledgerRows[m.ledgerRows.length - 1]!.refId = t.txId;
        txRows.push(t);
      } else {
        const [type, subType, walletType] = pick([
          ['BONUS', 'DEPOSIT_BONUS', 'BONUS'], ['BONUS', 'MANUAL_BONUS', 'BONUS'], ['BONUS', 'REGISTRATION_BONUS', 'BONUS'], ['BONUS', 'BONUS_CLAIM', 'MAIN'],
          ['CASHBACK', 'CASHBACK_CLAIM', 'MAIN'], ['AFFILIATE', 'AFFILIATE_CPA_COMMISSION', 'AFFILIATE'], ['AFFILIATE', 'AFFILIATE_CPR_COMMISSION', 'AFFILIATE'],
          ['AFFILIATE', 'AFFILIATE_PROFIT_WITHDRAW', 'MAIN'], ['REFERRAL_PROFIT', 'OTHER', 'MAIN'], ['TOURNAMENT_PRIZE', 'OTHER', 'MAIN'],
        ] as const);
        // A manual bonus is a staff member's top-up of the bonus wallet: applied at once (the draw is made all the same).
        const drawn = pick(['CONFIRMED', 'CONFIRMED', 'PENDING', 'REJECTED'] as const);
        const status = subType === 'MANUAL_BONUS' ? 'CONFIRMED' : drawn;
        const usdAmount = usdOf(cents);
        const t: TxRow = { ...base(p, at, 'USD', usdAmount), transactionType: type, transactionSubType: subType, status, walletType, extra: { bonusExtraData: { eligible: rand() < 0.7 } } };
        const source = CLAIM_SOURCE_WALLET[subType];
        if (status === 'CONFIRMED') {
          // A confirmed claim moved its amount from the side wallet (earned before) to MAIN, with the ledger reasons of a live claim.
          if (source) {
            move(p, source, 'USD', usdAmount, `${source}_EARNED`, `earned-${t.txId}`, new Date(at.getTime() - 60_000));
            move(p, source, 'USD', `-${usdAmount}`, `${subType}_OUT`, t.txId!, at);
          }
          const r = move(p, walletType, 'USD', usdAmount, source ? subType : subType === 'MANUAL_BONUS' ? 'BONUS_TOPUP' : `${type}_CREDIT`, t.txId!, at);
          if (!r) continue;
          Object.assign(t, { balanceBefore: r.before, balanceAfter: r.after, confirmedAt: at, confirmedBy: 'system' });
          if (subType === 'MANUAL_BONUS') {
            const by = demoDeciderOf(p.opId);
            Object.assign(t, { confirmedBy: by, createdBy: by, note: 'Goodwill bonus', extra: {} });
          }
        }
        if (status === 'REJECTED') Object.assign(t, { rejectedAt: at, rejectedBy: 'admin@demo.local', playerNote: 'Not eligible.' });
        // A pending claim moves money from a side wallet to MAIN when approved: the side wallet holds it.
        if (status === 'PENDING' && source) move(p, source, 'USD', usdAmount, `${source}_EARNED`, `earned-${t.txId}`, new Date(at.getTime() - 60_000));
        txRows.push(t);
      }
    }
  }
  // Demo scenarios for the provider paths (the simulator decides by the cents of the amount):
  // pending withdrawals of op-alpha that need a force (Tomani and JB), that fail, that time out,
  // and Witcher's manual path. Created "now" so they lead the pending list.
  const scenarioPlayer = m.players.find((p) => p.opId === 'op-alpha');
  if (scenarioPlayer) {
    const scenarios: [string, string, string][] = [
      ['tomani', '42.42', 'NEEDS_FORCE'], ['jb', '42.42', 'NEEDS_FORCE'], ['cpg', '13.13', 'FAILS'], ['fx-havale', '19.99', 'TIMEOUT'],
      ['witcher', '25.00', 'MANUAL'], ['cpg', '30.00', 'SUCCESS'], ['jb', '31.00', 'SUCCESS'],
    ];
    for (const [i, [provider, amount, scenario]] of scenarios.entries()) {
      const at = new Date(now - (i + 1) * 30_000);
      const gw = gwFor('op-alpha', 'WITHDRAW', provider);
      const t: TxRow = { ...base(scenarioPlayer, at, 'USD', amount), transactionType: 'WITHDRAW', status: 'PENDING', gateway: provider, gatewayUuid: gw?.uuid, provider, extra: { demoScenario: scenario }, destination: destinationOf(scenarioPlayer) };
      move(scenarioPlayer, 'MAIN', 'USD', '500.00', 'DEMO_FUNDING', 'demo-funding', new Date(at.getTime() - 1000));
      const hold = move(scenarioPlayer, 'MAIN', 'USD', `-${amount}`, 'WITHDRAW_HOLD', t.txId!, at)!;
      Object.assign(t, { balanceBefore: hold.before, balanceAfter: hold.after });
      txRows.push(t);
    }
    // Pending deposits of the same player whose verification the simulator answers with a
    // timeout (the warning toast) or a failure, tagged like the withdrawal scenarios. No random
    // draw here: the rest of the demo world stays the same.
    const depositGw = gateways.find((g) => g.opId === 'op-alpha' && g.direction === 'DEPOSIT' && g.provider === 'cpg');
    for (const [i, [amount, scenario]] of ([['19.99', 'TIMEOUT'], ['13.13', 'FAILS']] as const).entries()) {
      const at = new Date(now - (i + 1) * 20_000);
      txRows.push({
        ...base(scenarioPlayer, at, 'USD', amount), transactionType: 'DEPOSIT', status: 'PENDING', gateway: depositGw?.provider, gatewayUuid: depositGw?.uuid,
        provider: depositGw?.provider, externalRef: `ORD-DEMO-${scenario}`, extra: { demoScenario: scenario },
      });
    }
  }

  // Make sure every sub-type appears at least once (small worlds).
  for (const st of TX_SUB_TYPES) if (!txRows.some((t) => t.transactionSubType === st) && m.players[0]) {
    const p = m.players[0];
    const t: TxRow = { ...base(p, new Date(now - 86_400_000), 'USD', '1.00000000'), transactionType: st.startsWith('AFFILIATE') ? 'AFFILIATE' : st === 'CASHBACK_CLAIM' ? 'CASHBACK' : st === 'OTHER' ? 'TOURNAMENT_PRIZE' : 'BONUS', transactionSubType: st, status: 'REJECTED', rejectedAt: new Date(now - 86_400_000), rejectedBy: 'seed' };
    txRows.push(t);
  }
  await bulkInsert(db, transactions, txRows);
  await bulkInsert(db, providerCalls, callRows);

  // Bank accounts (pending/approved/rejected, some deleted, some duplicated card numbers and IBANs).
  const bankNames = ['Ziraat', 'Garanti', 'Akbank', 'Mellat', 'Saderat', 'Deutsche', 'Santander'];
  const accRows: (typeof bankAccounts.$inferInsert)[] = [];
  const sharedCard = '6037991234567890';
  const sharedIban = 'TR330006100519786457841326';
  for (const p of m.players) {
    if (rand() > 0.12) continue;
    const status = pick(['pending', 'pending', 'approved', 'rejected'] as const);
    const at = new Date(Math.min(now - 60_000, p.createdAt.getTime() + Math.floor(rand() * 20 * 86_400_000)));
    const dup = rand() < 0.08;
    accRows.push({
      playerId: p.id, opId: p.opId, status, isDeleted: rand() < 0.05, bankName: pick(bankNames), nameOnCard: p.playerCode,
      cardNumber: dup ? sharedCard : String(6000000000000000 + Math.floor(rand() * 999999999999)),
      iban: dup ? sharedIban : `TR${String(Math.floor(rand() * 1e15)).padStart(24, '0')}`, accountNumber: String(Math.floor(rand() * 1e10)),
      approvedBy: status === 'approved' ? 'admin@demo.local' : null, rejectedBy: status === 'rejected' ? 'admin@demo.local' : null,
      confirmedAt: status !== 'pending' ? at : null, noteForThePlayer: status === 'rejected' ? 'Name does not match the account.' : status === 'approved' ? 'Approved.' : null,
      createdAt: at, updatedAt: at,
    });
  }
  await bulkInsert(db, bankAccounts, accRows);

  await db.insert(banks).values(playerOps.filter((o) => o.kind === 'OPERATOR').flatMap((o) => bankNames.slice(0, 5).map((b, i) => ({
    opId: o.opId, key: b.toLowerCase(), bankName: { en: `${b} Bank`, tr: `${b} Bankası` }, order: i + 1, status: i === 4 ? 'Inactive' : 'Active',
  }))));
}
