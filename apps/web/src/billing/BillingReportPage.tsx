import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, MenuItem, Paper, Stack, Table, TableBody, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { BILLING_MESSAGES, invoiceYears } from '@pitboss/contract';
import { matchRoute } from '@pitboss/contract/routes';
import { formatUsd } from '@pitboss/contract/decimal';
import { apiData } from '../api/endpoint';
import { LineChart } from '../kit/LineChart';
import { Usd } from '../kit/Money';
import { operatorName } from '../kit/operator';
import { useScope } from '../shell/useScope';
import { paymentTypeLabel } from './common';

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** /reports/billing-invoice-ggr and /reports/billing-payment-collections: a year's figures by month, with a chart. */
export default function BillingReportPage() {
  const { pathname } = useLocation();
  const ggr = matchRoute(pathname)?.path === '/reports/billing-invoice-ggr';
  const { opId, includeBrands } = useScope();
  const [year, setYear] = useState(new Date().getUTCFullYear());
  const name = ggr ? 'billing.reportInvoiceGgr' : 'billing.reportPaymentCollections';
  const body = { year, ...(opId ? { opId } : {}), ...(includeBrands !== undefined ? { includeBrands: Boolean(includeBrands) } : {}) };
  type Report = { year: number; rows: unknown[]; months: { month: number; ggrInUSD: string; invoicedInUSD: string; collectedInUSD: string }[] };
  const q = useQuery<Report>({ queryKey: [name, body], queryFn: async () => (ggr ? apiData('billing.reportInvoiceGgr', { body }) : apiData('billing.reportPaymentCollections', { body })) });
  const d = q.data;
  const months = d?.months ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6">{ggr ? 'GGR invoiced per operator' : 'Payments collected'}</Typography>
        <TextField select size="small" label="Year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {invoiceYears().map((y) => <MenuItem key={y} value={y}>{y}</MenuItem>)}
        </TextField>
      </Stack>
      {d && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <LineChart
            title={ggr ? 'GGR and invoiced by month (USD)' : 'Invoiced and collected by month (USD)'}
            labels={MONTH_LABELS}
            series={ggr
              ? [{ name: 'GGR', values: months.map((m) => Number(m.ggrInUSD)) }, { name: 'Invoiced', values: months.map((m) => Number(m.invoicedInUSD)) }]
              : [{ name: 'Collected', values: months.map((m) => Number(m.collectedInUSD)) }, { name: 'Invoiced', values: months.map((m) => Number(m.invoicedInUSD)), muted: true }]}
            format={(v) => formatUsd(v.toFixed(2))}
          />
        </Paper>
      )}
      {d && d.rows.length === 0 && <Alert severity="info">{BILLING_MESSAGES.NO_REPORT}</Alert>}
      {d && d.rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={ggr ? 'Invoice GGR' : 'Payment collections'}>
            <TableHead>
              {ggr ? (
                <TableRow><TableCell>Month</TableCell><TableCell>Operator</TableCell><TableCell>Invoice No.</TableCell><TableCell align="right">Casino GGR</TableCell><TableCell align="right">Sport GGR</TableCell><TableCell align="right">Commission</TableCell><TableCell align="right">Total payable</TableCell></TableRow>
              ) : (
                <TableRow><TableCell>Month</TableCell><TableCell>Payment type</TableCell><TableCell align="right">Payments</TableCell><TableCell align="right">Collected</TableCell></TableRow>
              )}
            </TableHead>
            <TableBody>
              {ggr && (d.rows as { opId: string; opTitle: string; parentOpTitle: string | null; month: number; invoiceNo: number | null; casinoGGRInUSD: string; sportGGRInUSD: string; commissionInUSD: string; totalPayableAmountInUSD: string }[]).map((r) => (
                <TableRow key={`${r.opId}-${r.month}`}><TableCell>{MONTH_LABELS[r.month - 1]}</TableCell><TableCell>{operatorName(r)}</TableCell><TableCell>{r.invoiceNo ?? '—'}</TableCell><TableCell align="right"><Usd value={r.casinoGGRInUSD} /></TableCell><TableCell align="right"><Usd value={r.sportGGRInUSD} /></TableCell><TableCell align="right"><Usd value={r.commissionInUSD} /></TableCell><TableCell align="right"><Usd value={r.totalPayableAmountInUSD} /></TableCell></TableRow>
              ))}
              {!ggr && (d.rows as { month: number; paymentType: string; payments: number; amountInUSD: string }[]).map((r) => (
                <TableRow key={`${r.month}-${r.paymentType}`}><TableCell>{MONTH_LABELS[r.month - 1]}</TableCell><TableCell>{paymentTypeLabel(r.paymentType)}</TableCell><TableCell align="right">{r.payments}</TableCell><TableCell align="right"><Usd value={r.amountInUSD} /></TableCell></TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
