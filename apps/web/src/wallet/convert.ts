import { convertAmount, crossRate, rateUnits } from '@pitboss/contract';

/** What converting the whole balance of `from` into `to` gives at the wallet's rates (the server's arithmetic: truncated, never more value). */
export function conversionPreview(balances: readonly { currency: string; balance: string; rateToUsd: string | null }[], from: string, to: string) {
  const f = balances.find((b) => b.currency === from);
  const t = balances.find((b) => b.currency === to);
  const usable = (r: string | null): r is string => !!r && /^\d+(\.\d+)?$/.test(r) && rateUnits(r) > 0n;
  if (!f || !t || from === to || !usable(f.rateToUsd) || !usable(t.rateToUsd)) return null;
  return { amount: f.balance, rate: crossRate(f.rateToUsd, t.rateToUsd), result: convertAmount(f.balance, f.rateToUsd, t.rateToUsd) };
}
