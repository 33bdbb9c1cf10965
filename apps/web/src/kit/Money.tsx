import { formatMoney, formatUsd } from '@pitboss/contract';

/*
 * Money as staff read it: thousands separators and the currency's own decimals (the contract's
 * formatters). The exact value stays one hover away (the element's title) and in the JSON tab.
 * The text is the element's only child, so a CSV export of the cell reads the formatted amount.
 */

const exact = (v: string | null | undefined, currency?: string | null) => (v === null || v === undefined || v === '' ? undefined : `${v}${currency ? ` ${currency}` : ''}`);

/** An amount in its currency: "1,234.50 USD", "0.01500000 BTC". */
export function Money({ amount, currency }: { amount: string | null | undefined; currency: string | null | undefined }) {
  return <span title={exact(amount, currency)} data-money="">{formatMoney(amount, currency)}</span>;
}

/** A USD value: "$1,234.50". */
export function Usd({ value }: { value: string | null | undefined }) {
  return <span title={exact(value, 'USD')} data-money="">{formatUsd(value)}</span>;
}

/** "before → after" of a balance in its currency. */
export function BalanceChange({ before, after, currency }: { before: string | null | undefined; after: string | null | undefined; currency: string }) {
  return (
    <span title={`${exact(before, currency) ?? '—'} → ${exact(after, currency) ?? '—'}`}>
      {`${formatMoney(before, currency)} → ${formatMoney(after, currency)}`}
    </span>
  );
}
