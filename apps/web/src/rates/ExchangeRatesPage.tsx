import { Alert, Paper, Table, TableBody, TableContainer, TableHead, TableRow } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { DROPPED_RATE_CURRENCIES, REPORTING_CURRENCY, formatRate } from '@pitboss/contract';
import { EmptyRow } from '../kit/EmptyRow';
import { useRates } from '../shell/rates';
import { useFormatTime } from '../shell/session';

/** /exchange-rates — the rates in force (refreshed every 60 s by the shell); reporting currency USD. */
export default function ExchangeRatesPage() {
  const { rates, updatedAt } = useRates();
  const fmt = useFormatTime();
  const rows = Object.entries(rates).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        Value of one unit in {REPORTING_CURRENCY}. {DROPPED_RATE_CURRENCIES.join(', ')} is not part of the feed.
        {updatedAt && ` Updated ${fmt(updatedAt)}.`}
      </Alert>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Exchange rates">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>Currency</TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  {REPORTING_CURRENCY} per unit
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([currency, rate]) => (
                <TableRow key={currency}>
                  <TableCell>{currency}</TableCell>
                  <TableCell align="right" sx={{ fontFamily: 'monospace' }} title={rate}>
                    {formatRate(rate)}
                  </TableCell>
                </TableRow>
              ))}
              {rows.length === 0 && (
                <EmptyRow colSpan={2} />
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </>
  );
}
