import { createContext, useContext, type ReactNode } from 'react';
import { DECIMAL_PATTERN, roundDec } from '@pitboss/contract';
import { useRatesQuery } from '../api/shell';

interface RatesValue {
  /** USD value of one unit of each currency, as exact decimal strings (IRR is dropped by the server). */
  rates: Record<string, string>;
  updatedAt: string | null;
}
const Ctx = createContext<RatesValue>({ rates: {}, updatedAt: null });

/** Exchange rates polled every RATES_POLL_MS. */
export function RatesProvider({ children, enabled }: { children: ReactNode; enabled: boolean }) {
  const q = useRatesQuery(enabled);
  return <Ctx.Provider value={{ rates: q.data?.rates ?? {}, updatedAt: q.data?.updatedAt ?? null }}>{children}</Ctx.Provider>;
}

export const useRates = () => useContext(Ctx);

/** A USD amount for display, rounded half-up to cents on the decimal string (never through a float). */
export function formatUsd(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  const s = typeof v === 'number' ? String(v) : v.trim();
  if (!DECIMAL_PATTERN.test(s)) return '—';
  const r = roundDec(s, 2);
  const neg = r.startsWith('-');
  const [i = '0', f = '00'] = (neg ? r.slice(1) : r).split('.');
  return `${neg ? '-' : ''}$${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f}`;
}
