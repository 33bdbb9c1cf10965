import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { REPORTING_CURRENCY } from '@pitboss/contract';
import { useRatesQuery } from '../api/shell';

interface RatesValue {
  rates: Record<string, string>;
  /** Convert an amount to USD with the latest rates (null when the rate is unknown). */
  toUsd: (amount: string | number, currency: string) => number | null;
}
const Ctx = createContext<RatesValue>({ rates: {}, toUsd: () => null });

/** Exchange rates polled every RATES_POLL_MS, for USD display. */
export function RatesProvider({ children, enabled }: { children: ReactNode; enabled: boolean }) {
  const q = useRatesQuery(enabled);
  const value = useMemo<RatesValue>(() => {
    const rates = q.data?.rates ?? {};
    return {
      rates,
      toUsd: (amount, currency) => {
        if (currency === REPORTING_CURRENCY) return Number(amount);
        const r = rates[currency];
        return r === undefined ? null : Number(amount) * Number(r);
      },
    };
  }, [q.data]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useRates = () => useContext(Ctx);

export const formatUsd = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v))
    ? '—'
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(v));
