import { useState } from 'react';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Chip, LinearProgress, Stack, Table, TableBody, TableHead, TableRow, Typography } from '@mui/material';
import { TableCell } from '../kit/TableCell';
import { CARD_PAGE_SIZE, CARD_TRANSACTION_STATUSES, label, type CardTransactionRow, type CardUserRow, type RiskCardRow } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { DetailDrawer } from '../kit/DetailDrawer';
import { EmptyRow, loadErrorText } from '../kit/EmptyRow';
import { ListPage, type Column, type DrawerContext } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { Money, Usd } from '../kit/Money';
import { useListParams } from '../kit/useListParams';
import { useFormatTime } from '../shell/session';
import { useScope } from '../shell/useScope';
import { scopeBody } from './common';

const riskUrl = { last4: z.string().trim().regex(/^\d{1,4}$/).optional() };
const opName = (r: { opTitle: string; parentOpTitle: string | null }) => (r.parentOpTitle ? `${r.opTitle} (${r.parentOpTitle})` : r.opTitle);

/** A paged table of a drawer (50 a page, `remaining` instead of a count: 000 §7, §9). */
function Pager({ page, remaining, onPage }: { page: number; remaining: boolean; onPage: (p: number) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 1 }}>
      <Typography variant="caption">Page {page}</Typography>
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous page</Button>
      <Button size="small" disabled={!remaining} onClick={() => onPage(page + 1)}>Next page</Button>
    </Stack>
  );
}

function CardPlayers({ cardId }: { cardId: string }) {
  const { opId, includeBrands } = useScope();
  const fmt = useFormatTime();
  const [page, setPage] = useState(1);
  const body = { filters: { cardId }, page, limit: CARD_PAGE_SIZE, ...scopeBody({ opId, includeBrands }) };
  const q = useQuery({ queryKey: ['reports.cardUsers', body], queryFn: () => apiData('reports.cardUsers', { body }) });
  return (
    <>
      {q.isFetching && <LinearProgress aria-label="Loading the players" />}
      {q.isError && <Alert severity="error">{loadErrorText(q.error)}</Alert>}
      <Table size="small" aria-label="Card players">
        <TableHead><TableRow><TableCell>Player</TableCell><TableCell>Operator/Brand</TableCell><TableCell align="right">Accounts</TableCell><TableCell>Registered</TableCell></TableRow></TableHead>
        <TableBody>
          {q.data?.items.map((u: CardUserRow) => (
            <TableRow key={u.playerId}>
              <TableCell>{u.username ?? u.playerCode} {u.isTest && <Chip size="small" label="Test" />}<Typography variant="caption" component="div" color="text.secondary">{u.playerCode}</Typography></TableCell>
              <TableCell>{opName(u)}</TableCell>
              <TableCell align="right">{u.accounts}</TableCell>
              <TableCell>{fmt(u.createdAt)}</TableCell>
            </TableRow>
          ))}
          {q.data?.items.length === 0 && <EmptyRow colSpan={4} />}
        </TableBody>
      </Table>
      {q.data && <Pager page={page} remaining={q.data.remaining} onPage={setPage} />}
    </>
  );
}

function CardTransactions({ cardId, statuses }: { cardId: string; statuses?: readonly string[] }) {
  const { opId, includeBrands } = useScope();
  const fmt = useFormatTime();
  const [page, setPage] = useState(1);
  const body = { filters: { cardId, ...(statuses ? { statuses: [...statuses] as typeof CARD_TRANSACTION_STATUSES[number][] } : {}) }, page, limit: CARD_PAGE_SIZE, ...scopeBody({ opId, includeBrands }) };
  const q = useQuery({ queryKey: ['reports.cardTransactions', body], queryFn: () => apiData('reports.cardTransactions', { body }) });
  return (
    <>
      {q.isFetching && <LinearProgress aria-label="Loading the transactions" />}
      {q.isError && <Alert severity="error">{loadErrorText(q.error)}</Alert>}
      <Table size="small" aria-label="Card transactions">
        <TableHead><TableRow><TableCell>Date</TableCell><TableCell>Player</TableCell><TableCell>Type</TableCell><TableCell>Status</TableCell><TableCell align="right">Amount</TableCell><TableCell align="right">USD</TableCell></TableRow></TableHead>
        <TableBody>
          {q.data?.items.map((t: CardTransactionRow) => (
            <TableRow key={t.txId}>
              <TableCell>{fmt(t.createdAt)}</TableCell>
              <TableCell>{t.username ?? t.playerCode}</TableCell>
              <TableCell>{label('txType', t.transactionType)}</TableCell>
              <TableCell>{label('txStatus', t.status)}</TableCell>
              <TableCell align="right"><Money amount={t.amount} currency={t.currency} /></TableCell>
              <TableCell align="right"><Usd value={t.amountInUSD} /></TableCell>
            </TableRow>
          ))}
          {q.data?.items.length === 0 && <EmptyRow colSpan={6} />}
        </TableBody>
      </Table>
      {q.data && <Pager page={page} remaining={q.data.remaining} onPage={setPage} />}
    </>
  );
}

/** Card Users List (tabs Players, Transactions) and, from its header, Card Transactions List (confirmed and rejected) (000 §2.3). */
function CardDrawer({ ctx }: { ctx: DrawerContext<RiskCardRow> }) {
  const [mode, setMode] = useState<'users' | 'transactions'>('users');
  const card = ctx.row;
  const id = ctx.openKey;
  const users = mode === 'users';
  return (
    <DetailDrawer
      key={`${id}-${mode}`}
      open
      width={760}
      title={`${users ? 'Card Users List' : 'Card Transactions List'}${card ? ` · ${card.card}` : ''}`}
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      headerActions={(
        <Button size="small" variant="outlined" onClick={() => setMode(users ? 'transactions' : 'users')}>
          {users ? 'Card Transactions List' : 'Card Users List'}
        </Button>
      )}
      tabs={users
        ? [{ label: 'Players', content: <CardPlayers cardId={id} /> }, { label: 'Transactions', content: <CardTransactions cardId={id} /> }]
        : [{ label: 'Transactions', content: <CardTransactions cardId={id} statuses={CARD_TRANSACTION_STATUSES} /> }]}
    />
  );
}

/**
 * /reports/risk-management — card numbers of bank accounts (masked to the last 4) held by more
 * than one player of an operator, the latest first, from the `risk_cards` roll-up. A row opens the
 * Card Users List drawer; its header switches to the Card Transactions List.
 */
export default function RiskManagementPage() {
  const list = useListParams(riskUrl);
  const fmt = useFormatTime();
  const filters: FilterDef[] = [{ name: 'last4', label: 'Card (last digits)', maxLength: 4 }];
  const columns: Column<RiskCardRow>[] = [
    { key: 'card', header: 'Card', render: (r) => r.card, simple: true },
    { key: 'operator', header: 'Operator/Brand', render: opName, simple: true },
    { key: 'players', header: 'Players', render: (r) => r.players, align: 'right', simple: true },
    { key: 'accounts', header: 'Bank accounts', render: (r) => r.accounts, align: 'right' },
    { key: 'lastAt', header: 'Latest account', render: (r) => fmt(r.lastAt) },
  ];
  return (
    <ListPage<RiskCardRow>
      label="Cards used by more than one player"
      endpoint="reports.riskCards"
      list={list}
      columns={columns}
      filters={filters}
      rowKey={(r) => r.id}
      exportName="risk-cards"
      renderDrawer={(ctx) => <CardDrawer ctx={ctx} />}
    />
  );
}
