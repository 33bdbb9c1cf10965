import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Chip, Paper, Stack, Typography } from '@mui/material';
import { fetchTotals, txKeys } from '../api/transactions';
import { formatUsd } from '../shell/rates';

/** The totals of the filtered list (POST /api/transactions/total): overall USD and per status. */
export function TotalsStrip({ body }: { body: Record<string, unknown> }) {
  const { page: _p, limit: _l, cursor: _c, ...filters } = body;
  const q = useQuery({ queryKey: txKeys.totals(filters), queryFn: () => fetchTotals(filters), placeholderData: keepPreviousData });
  if (!q.data) return null;
  const byStatus = new Map<string, { count: number; usd: number }>();
  for (const r of q.data.byStatusAndCurrency) {
    const s = byStatus.get(r.status) ?? { count: 0, usd: 0 };
    // Display only: the exact per-currency sums stay strings in the tooltip.
    byStatus.set(r.status, { count: s.count + r.count, usd: s.usd + Number(r.amountInUSD) });
  }
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} aria-label="Totals" role="region">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle2" data-testid="totals-usd">
          Total: {formatUsd(q.data.totalInUSD)} ({q.data.count} transactions)
        </Typography>
        {[...byStatus].map(([status, v]) => (
          <Chip
            key={status}
            size="small"
            variant="outlined"
            label={`${status}: ${v.count} · ${formatUsd(v.usd)}`}
            title={q.data.byStatusAndCurrency
              .filter((r) => r.status === status)
              .map((r) => `${r.amount} ${r.currency}`)
              .join(', ')}
          />
        ))}
      </Stack>
    </Paper>
  );
}
