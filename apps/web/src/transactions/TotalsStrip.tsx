import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import { formatMoney, formatUsd, label } from '@pitboss/contract';
import { fetchTotals, txKeys } from '../api/transactions';

/**
 * The totals of the filtered list (POST /api/transactions/total), one per status: what was
 * confirmed is never added to what was rejected or canceled. Each chip's tooltip holds the
 * exact amounts per currency.
 */
export function TotalsStrip({ body }: { body: Record<string, unknown> }) {
  const { page: _p, limit: _l, cursor: _c, ...filters } = body;
  const q = useQuery({ queryKey: txKeys.totals(filters), queryFn: () => fetchTotals(filters), placeholderData: keepPreviousData });
  if (!q.data || q.isError) return null;
  const t = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} aria-label="Totals" role="region">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" data-testid="totals-count">
          {t.count.toLocaleString('en-US')} {t.count === 1 ? 'transaction' : 'transactions'}
        </Typography>
        {t.byStatus.map((s) => (
          <Chip
            key={s.status}
            size="small"
            variant="outlined"
            data-testid={`totals-${s.status}`}
            label={`${label('txStatus', s.status)}: ${s.count.toLocaleString('en-US')} · ${formatUsd(s.amountInUSD)}`}
            title={t.byStatusAndCurrency
              .filter((r) => r.status === s.status)
              .map((r) => `${formatMoney(r.amount, r.currency)} (exact ${r.amount} ${r.currency})`)
              .join(', ')}
          />
        ))}
      </Stack>
    </Paper>
  );
}
