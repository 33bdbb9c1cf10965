import { createContext, useContext, type ReactNode } from 'react';
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

/** A USD value for display (the contract's formatter: half-up to cents on the decimal string, thousands separated). */
export { formatUsd } from '@pitboss/contract/decimal';
