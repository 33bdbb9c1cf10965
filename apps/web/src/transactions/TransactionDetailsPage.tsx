import { useNavigate, useParams } from 'react-router';
import { Alert, CircularProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { PAYMENT_MESSAGES, transactionDrawerTitle } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { isRewardType } from '../api/rewards';
import { useTransaction } from '../api/transactions';
import { useIsSuper } from '../shell/session';
import { useScope } from '../shell/useScope';
import type { TxActions } from './config';
import { TransactionActions } from './TransactionDrawer';
import { JsonBlock, TransactionFields } from './TransactionFields';
import { linkTo } from '@pitboss/contract/routes';

/** /transactions/details/:txId — the transaction page (Details, JSON for super roles, actions). */
export default function TransactionDetailsPage() {
  const { txId = '' } = useParams();
  const q = useTransaction(txId);
  const isSuper = useIsSuper();
  const navigate = useNavigate();
  const { scopeSearch } = useScope();
  const [tab, setTab] = useState(0);
  if (q.isPending) return <CircularProgress aria-label="Loading transaction" />;
  if (q.isError || !q.data) {
    const msg = q.error instanceof ApiError && q.error.messages[0] ? q.error.messages[0] : PAYMENT_MESSAGES.TX_NOT_FOUND;
    return <Alert severity="error">{msg}</Alert>;
  }
  const t = q.data;
  const actions: TxActions =
    t.transactionType === 'WITHDRAW' ? 'withdraw' : t.transactionType === 'DEPOSIT' ? 'deposit' : isRewardType(t.transactionType) ? 'reward' : 'none';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {transactionDrawerTitle(t.transactionType, t.transactionSubType)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <TransactionActions t={t} config={{ actions }} onDeleted={() => navigate(linkTo('/transactions/list', undefined, scopeSearch))} />
        </Stack>
      </Stack>
      {isSuper && (
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label="Transaction tabs" sx={{ mb: 2 }}>
          <Tab label="Details" />
          <Tab label="JSON" />
        </Tabs>
      )}
      {tab === 0 || !isSuper ? <TransactionFields t={t} /> : <JsonBlock value={t} />}
    </Paper>
  );
}
