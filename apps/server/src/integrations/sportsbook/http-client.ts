import type { FreebetData } from '@pitboss/contract';
import {
  SportsbookUnavailable, type GrantRequest, type GrantResult, type SportsbookClient, type SportsbookFreebet, type SportsbookTemplate, type TemplatesPage,
} from './types.js';
import { sendJson, type JsonHttpConfig } from '../json-http.js';

/**
 * The real client: the sportsbook's free bet API, JSON over HTTPS, designed after the spec's
 * shapes (001 §3, §7). Every request carries `Authorization: Bearer {SPORTSBOOK_KEY}` and
 * `Accept: application/json`; the grant carries `Idempotency-Key: {our grant id}` (a repeated
 * reference must answer the first result, never a second free bet).
 *
 * GET  {base}/freebet/templates?account={opId}&account=…&page={n}&pageSize={size}
 *   → 200 { code: 0, message, items: [template + account], metadata: { totalItems, itemsPerPage } }
 * POST {base}/freebet/players/{playerId}
 *   { account, templateId, betCount, betAmount: "10.00", currency, reference }
 *   → 200 { code: 0, message, data: appliedFreebet, errorItems: [] }          granted
 *   → 200 { code: n, message, errorItems: [{ errorCode: 34 }, …] }           refused (the first code counts)
 * GET  {base}/freebet/players/{playerId}?account={opId}
 *   → 200 { code: 0, items: [appliedFreebet] }
 *
 * Mapping: a grant's non-2xx answer, a non-zero code without errorItems, an unreadable answer,
 * a timeout (AbortController, SPORTSBOOK_TIMEOUT_MS, default 10 s) or a failed connection →
 * FAILED ("Unable to perform this action." in the console). A list call's failure throws
 * SportsbookUnavailable. A 4xx error body may carry errorItems too: they count as a refusal.
 */
export type SportsbookHttpConfig = JsonHttpConfig;

export const DEFAULT_SPORTSBOOK_TIMEOUT_MS = 10_000;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {});
const int = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isInteger(v) ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : d);
const text = (v: unknown, d = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => text(x)).filter(Boolean) : []);

/** Amounts and odds as decimal strings (a sportsbook sending numbers is read through their text, never float arithmetic). */
function dataOf(v: unknown): FreebetData {
  const d = obj(v);
  return {
    minSelection: int(d.minSelection), maxSelection: int(d.maxSelection), minOdd: text(d.minOdd), maxOdd: text(d.maxOdd), currency: text(d.currency),
    betAmount: text(d.betAmount), betCount: int(d.betCount), maxWinCurrency: text(d.maxWinCurrency), maxWin: text(d.maxWin),
  };
}

function templateOf(v: unknown, fallbackAccount: string): SportsbookTemplate {
  const t = obj(v);
  return {
    id: int(t.id), account: text(t.account, fallbackAccount), name: text(t.name), isEnable: t.isEnable === true, type: text(t.type), stage: int(t.stage),
    fromTime: int(t.fromTime), toTime: int(t.toTime), daysToUse: int(t.daysToUse), disciplines: strings(t.disciplines), freebetData: dataOf(t.freebetData),
  };
}

function freebetOf(v: unknown): SportsbookFreebet {
  const f = obj(v);
  return {
    id: text(f.id), templateId: int(f.templateId), activationDate: int(f.activationDate), fromTime: int(f.fromTime), toTime: int(f.toTime),
    name: text(f.name), type: text(f.type), stage: int(f.stage), disciplines: strings(f.disciplines), freebetData: dataOf(f.freebetData),
  };
}

export class HttpSportsbookClient implements SportsbookClient {
  readonly kind = 'http' as const;

  constructor(private readonly cfg: SportsbookHttpConfig) {}

  /** The answer, or its failure's description (a timeout, a connection that failed). */
  private async send(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<{ ok: true; status: number; body: unknown } | { ok: false; message: string }> {
    const a = await sendJson(this.cfg, DEFAULT_SPORTSBOOK_TIMEOUT_MS, method, path, body, idempotencyKey);
    return a.kind === 'response' ? { ok: true, status: a.status, body: a.body } : { ok: false, message: a.message };
  }

  async listTemplates(req: { accounts: string[]; page: number; pageSize: number }): Promise<TemplatesPage> {
    const q = new URLSearchParams();
    for (const a of req.accounts) q.append('account', a);
    q.set('page', String(req.page));
    q.set('pageSize', String(req.pageSize));
    const a = await this.send('GET', `/freebet/templates?${q}`);
    if (!a.ok) throw new SportsbookUnavailable(a.message);
    const b = obj(a.body);
    if (a.status < 200 || a.status > 299 || int(b.code, -1) !== 0 || !Array.isArray(b.items)) {
      throw new SportsbookUnavailable(`HTTP ${a.status}: ${text(b.message, 'unexpected answer')}`);
    }
    const meta = obj(b.metadata);
    return {
      code: 0, message: text(b.message, 'OK'), items: b.items.map((t) => templateOf(t, req.accounts[0] ?? '')),
      totalItems: int(meta.totalItems, b.items.length), itemsPerPage: int(meta.itemsPerPage, req.pageSize),
    };
  }

  async grantFreebet(req: GrantRequest): Promise<GrantResult> {
    const a = await this.send('POST', `/freebet/players/${encodeURIComponent(req.playerId)}`, {
      account: req.account, templateId: req.templateId, betCount: req.betCount, betAmount: req.betAmount, currency: req.currency, reference: req.reference,
    }, req.reference);
    if (!a.ok) return { outcome: 'FAILED', description: a.message, raw: { error: a.message } };
    const b = obj(a.body);
    const items = Array.isArray(b.errorItems) ? b.errorItems.map(obj) : [];
    const first = items.find((i) => int(i.errorCode, -1) > 0);
    const raw = { httpStatus: a.status, body: a.body };
    // A refusal is the sportsbook's answer (2xx, or a 4xx carrying its error codes); anything else is a failure.
    if (first && a.status < 500) return { outcome: 'REFUSED', errorCode: int(first.errorCode), raw };
    if (a.status < 200 || a.status > 299) return { outcome: 'FAILED', description: `HTTP ${a.status}: ${text(b.message, 'no message')}`, raw };
    if (int(b.code, -1) !== 0 || !b.data || typeof b.data !== 'object') return { outcome: 'FAILED', description: text(b.message, 'The sportsbook answered without a free bet.'), raw };
    return { outcome: 'GRANTED', freebet: freebetOf(b.data), raw };
  }

  async playerFreebets(req: { account: string; playerId: string }): Promise<SportsbookFreebet[]> {
    const a = await this.send('GET', `/freebet/players/${encodeURIComponent(req.playerId)}?${new URLSearchParams({ account: req.account })}`);
    if (!a.ok) throw new SportsbookUnavailable(a.message);
    const b = obj(a.body);
    if (a.status < 200 || a.status > 299 || int(b.code, -1) !== 0 || !Array.isArray(b.items)) throw new SportsbookUnavailable(`HTTP ${a.status}: ${text(b.message, 'unexpected answer')}`);
    return b.items.map(freebetOf);
  }
}
