import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { cmpDec, currencyDecimals, roundDec, type FreebetData } from '@pitboss/contract';
import type { Db } from '../../db/client.js';
import { sportsbookSimFreebets, sportsbookSimTemplates } from '../../db/schema.js';
import type { GrantRequest, GrantResult, SportsbookClient, SportsbookFreebet, SportsbookTemplate, TemplatesPage } from './types.js';

/** The currencies the simulated sportsbook settles free bets in; any other answers 39 "Unknown currency.". */
export const SIM_SPORTSBOOK_CURRENCIES = ['USD', 'EUR', 'TRY'] as const;

const DAY = 86_400;
type Demo = Omit<SportsbookTemplate, 'id' | 'account' | 'fromTime' | 'toTime'> & { key: string; from: number; to: number };

/**
 * The demo templates every account starts with (times in days from the moment the account is
 * first used): enabled ones of each stage, a disabled one and an expired one.
 */
const fb = (currency: string, betAmount: string, betCount: number, maxWin: string, minSelection = 1, maxSelection = 1, minOdd = '1.50', maxOdd = '10.00'): FreebetData =>
  ({ minSelection, maxSelection, minOdd, maxOdd, currency, betAmount, betCount, maxWinCurrency: currency, maxWin });
export const SIM_DEMO_TEMPLATES: readonly Demo[] = [
  { key: 'prematch-football', name: 'Weekend Football Free Bet', isEnable: true, type: 'SINGLE', stage: 1, from: -7, to: 30, daysToUse: 7, disciplines: ['Football'], freebetData: fb('USD', '10.00', 1, '500.00') },
  { key: 'live-tennis', name: 'Live Tennis Free Bet', isEnable: true, type: 'SINGLE', stage: 2, from: -3, to: 60, daysToUse: 3, disciplines: ['Tennis'], freebetData: fb('EUR', '5.00', 3, '250.00') },
  { key: 'combo-all', name: 'Champions Combo Free Bet', isEnable: true, type: 'COMBO', stage: 3, from: -1, to: 90, daysToUse: 14, disciplines: ['Football', 'Basketball', 'Ice Hockey'], freebetData: fb('USD', '25.00', 2, '2500.00', 3, 8, '1.20', '50.00') },
  { key: 'lira-derby', name: 'Derby Night Free Bet', isEnable: true, type: 'SINGLE', stage: 1, from: -2, to: 45, daysToUse: 2, disciplines: ['Football'], freebetData: fb('TRY', '250.00', 1, '10000.00') },
  { key: 'disabled-basketball', name: 'Basketball Boost (paused)', isEnable: false, type: 'SINGLE', stage: 1, from: -10, to: 20, daysToUse: 5, disciplines: ['Basketball'], freebetData: fb('USD', '15.00', 1, '750.00') },
  { key: 'expired-cup', name: 'Cup Final Free Bet (ended)', isEnable: true, type: 'SINGLE', stage: 3, from: -40, to: -2, daysToUse: 3, disciplines: ['Football'], freebetData: fb('USD', '20.00', 1, '1000.00') },
];

const nowSec = () => Math.floor(Date.now() / 1000);
type TemplateRow = typeof sportsbookSimTemplates.$inferSelect;
const asTemplate = (r: TemplateRow): SportsbookTemplate => ({
  id: r.id, account: r.opId, name: r.name, isEnable: r.isEnable, type: r.type, stage: r.stage, fromTime: r.fromTime, toTime: r.toTime,
  daysToUse: r.daysToUse, disciplines: r.disciplines, freebetData: r.freebetData as unknown as FreebetData,
});

/**
 * The simulated sportsbook. Its templates and the free bets it granted are kept in the database
 * (sportsbook_sim_* tables), so every request and every server process sees one sportsbook.
 * Grant answers, checked in this order:
 * - the template unknown, of another account, or not enabled → 33 "No Active freebet template.";
 * - the template past its end → 31 "FreeBet Template is expired.";
 * - a currency the sportsbook does not settle in (anything but USD, EUR, TRY) → 39 "Unknown currency.";
 * - a currency other than the template's, or more bets or a larger amount than the template
 *   grants → 37 "Bonus does not belong to freebet template.";
 * - the template already granted to the player → 34 "FreeBet template is already activated."
 *   (a unique index: two grants at once make one free bet).
 */
export class SportsbookSimulator implements SportsbookClient {
  readonly kind = 'simulator' as const;
  constructor(private readonly db: Db) {}

  /** Create the account's demo templates the first time it is used (idempotent). */
  async ensureAccounts(accounts: readonly string[]): Promise<void> {
    if (!accounts.length) return;
    const have = await this.db.selectDistinct({ opId: sportsbookSimTemplates.opId }).from(sportsbookSimTemplates).where(inArray(sportsbookSimTemplates.opId, [...accounts]));
    const missing = accounts.filter((a) => !have.some((h) => h.opId === a));
    if (!missing.length) return;
    const now = nowSec();
    await this.db.insert(sportsbookSimTemplates).values(missing.flatMap((opId) => SIM_DEMO_TEMPLATES.map((d) => ({
      opId, simKey: d.key, name: d.name, isEnable: d.isEnable, type: d.type, stage: d.stage, fromTime: now + d.from * DAY, toTime: now + d.to * DAY,
      daysToUse: d.daysToUse, disciplines: d.disciplines, freebetData: d.freebetData as unknown as Record<string, unknown>,
    })))).onConflictDoNothing();
  }

  async listTemplates(req: { accounts: string[]; page: number; pageSize: number }): Promise<TemplatesPage> {
    await this.ensureAccounts(req.accounts);
    if (!req.accounts.length) return { code: 0, message: 'OK', items: [], totalItems: 0, itemsPerPage: req.pageSize };
    const where = inArray(sportsbookSimTemplates.opId, req.accounts);
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(sportsbookSimTemplates).where(where);
    const rows = await this.db.select().from(sportsbookSimTemplates).where(where)
      .orderBy(asc(sportsbookSimTemplates.opId), asc(sportsbookSimTemplates.id)).limit(req.pageSize).offset((req.page - 1) * req.pageSize);
    return { code: 0, message: 'OK', items: rows.map(asTemplate), totalItems: Number(n), itemsPerPage: req.pageSize };
  }

  async grantFreebet(req: GrantRequest): Promise<GrantResult> {
    await this.ensureAccounts([req.account]);
    const [t] = await this.db.select().from(sportsbookSimTemplates)
      .where(and(eq(sportsbookSimTemplates.id, req.templateId), eq(sportsbookSimTemplates.opId, req.account))).limit(1);
    const refuse = (errorCode: number): GrantResult => ({ outcome: 'REFUSED', errorCode, raw: { code: errorCode, errorItems: [{ errorCode }] } });
    if (!t || !t.isEnable) return refuse(33);
    if (t.toTime <= nowSec()) return refuse(31);
    if (!(SIM_SPORTSBOOK_CURRENCIES as readonly string[]).includes(req.currency)) return refuse(39);
    const data = t.freebetData as unknown as FreebetData;
    if (req.currency !== data.currency || req.betCount > data.betCount || cmpDec(req.betAmount, data.betAmount) > 0) return refuse(37);
    const [row] = await this.db.insert(sportsbookSimFreebets).values({
      playerId: req.playerId, templateId: t.id, betCount: req.betCount, betAmount: req.betAmount, currency: req.currency,
    }).onConflictDoNothing().returning();
    if (!row) return refuse(34);
    const freebet = appliedOf(row, t);
    return { outcome: 'GRANTED', freebet, raw: { code: 0, message: 'OK', data: freebet, errorItems: [] } };
  }

  async playerFreebets(req: { account: string; playerId: string }): Promise<SportsbookFreebet[]> {
    const rows = await this.db.select({ f: sportsbookSimFreebets, t: sportsbookSimTemplates }).from(sportsbookSimFreebets)
      .innerJoin(sportsbookSimTemplates, eq(sportsbookSimTemplates.id, sportsbookSimFreebets.templateId))
      .where(and(eq(sportsbookSimFreebets.playerId, req.playerId), eq(sportsbookSimTemplates.opId, req.account)))
      .orderBy(desc(sportsbookSimFreebets.activatedAt), desc(sportsbookSimFreebets.id));
    return rows.map(({ f, t }) => appliedOf(f, t));
  }
}

/** A granted free bet as the sportsbook shows it: usable from its activation for the template's days to use. */
function appliedOf(f: typeof sportsbookSimFreebets.$inferSelect, t: TemplateRow): SportsbookFreebet {
  const data = t.freebetData as unknown as FreebetData;
  const activation = Math.floor(f.activatedAt.getTime() / 1000);
  return {
    id: f.id, templateId: t.id, activationDate: activation, fromTime: activation, toTime: activation + t.daysToUse * DAY,
    name: t.name, type: t.type, stage: t.stage, disciplines: t.disciplines,
    freebetData: { ...data, betAmount: roundDec(f.betAmount, currencyDecimals(f.currency)), betCount: f.betCount, currency: f.currency },
  };
}

