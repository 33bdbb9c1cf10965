import { formatMoney, formatUsd } from '@pitboss/contract/decimal';
import { withCellText } from './csv';

/*
 * Money as staff read it: thousands separators and the currency's own decimals (the contract's
 * formatters). The exact value stays one hover away (the element's title) and in the JSON tab.
 * A CSV export of the cell reads the same formatted text (`withCellText`).
 */

/** An amount never breaks over two lines ("1,234.50" / "USD"); a balance change breaks only after its arrow. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const exact = (v: string | null | undefined, currency?: string | null) => (v === null || v === undefined || v === '' ? undefined : `${v}${currency ? ` ${currency}` : ''}`);

/** An amount in its currency: "1,234.50 USD", "0.01500000 BTC". */
export const Money = withCellText(
  ({ amount, currency }: { amount: string | null | undefined; currency: string | null | undefined }) => (
    <span title={exact(amount, currency)} data-money="" style={NOWRAP}>{formatMoney(amount, currency)}</span>
  ),
  ({ amount, currency }) => formatMoney(amount, currency),
);

/** A USD value: "$1,234.50". */
export const Usd = withCellText(
  ({ value }: { value: string | null | undefined }) => <span title={exact(value, 'USD')} data-money="" style={NOWRAP}>{formatUsd(value)}</span>,
  ({ value }) => formatUsd(value),
);

/** "before → after" of a balance in its currency. */
const change = ({ before, after, currency }: BalanceChangeProps) => `${formatMoney(before, currency)} → ${formatMoney(after, currency)}`;
type BalanceChangeProps = { before: string | null | undefined; after: string | null | undefined; currency: string };
export const BalanceChange = withCellText(
  (p: BalanceChangeProps) => (
    <span title={`${exact(p.before, p.currency) ?? '—'} → ${exact(p.after, p.currency) ?? '—'}`}>
      <span style={NOWRAP}>{formatMoney(p.before, p.currency)}</span> → <span style={NOWRAP}>{formatMoney(p.after, p.currency)}</span>
    </span>
  ),
  change,
);
