import { Link as RouterLink } from 'react-router';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { PAYMENT_MESSAGES, transactionDrawerTitle } from '@pitboss/contract';
import { useTransaction, type TxView } from '../api/transactions';
import { DetailDrawer } from '../kit/DetailDrawer';
import type { DrawerContext } from '../kit/ListPage';
import { useIsSuper } from '../shell/session';
import { useScope } from '../shell/useScope';
import { WithdrawActions } from '../withdrawals/WithdrawActions';
import { DepositActions } from '../deposits/DepositActions';
import { RewardActions } from './RewardActions';
import type { TxListConfig } from './config';
import { DeleteTransactionButton } from './DeleteTransactionButton';
import { JsonBlock, TransactionFields } from './TransactionFields';
import { linkTo } from '@pitboss/contract/routes';

type TxActionsConfig = Pick<TxListConfig, 'actions' | 'rewardTypes'>;

/** The actions a transaction offers on a list of this configuration. */
export function TransactionActions({ t, config, onDeleted }: { t: TxView; config: TxActionsConfig; onDeleted?: () => void }) {
  const { actions } = config;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {actions === 'withdraw' && t.transactionType === 'WITHDRAW' && <WithdrawActions t={t} />}
      {actions === 'deposit' && t.transactionType === 'DEPOSIT' && <DepositActions t={t} />}
      {actions === 'reward' && <RewardActions t={t} types={config.rewardTypes} />}
      <DeleteTransactionButton t={t} onDeleted={onDeleted} />
    </Stack>
  );
}

/** Transaction Details drawer (001 §2): title by type/sub-type, Details and JSON (super roles) tabs. */
export function TransactionDrawer({ ctx, config }: { ctx: DrawerContext<TxView>; config: TxActionsConfig }) {
  const q = useTransaction(ctx.openKey);
  const isSuper = useIsSuper();
  const { scopeSearch } = useScope();
  const t = q.data ?? ctx.row;
  const body = t ? (
    <TransactionFields t={t} />
  ) : q.isError ? (
    <Alert severity="error">{PAYMENT_MESSAGES.TX_NOT_FOUND}</Alert>
  ) : (
    <CircularProgress size={24} aria-label="Loading transaction" />
  );
  return (
    <DetailDrawer
      open
      title={t ? transactionDrawerTitle(t.transactionType, t.transactionSubType) : transactionDrawerTitle('')}
      onClose={ctx.close}
      hasPrev={!!ctx.prevKey}
      hasNext={!!ctx.nextKey}
      onPrev={() => ctx.step(-1)}
      onNext={() => ctx.step(1)}
      width={640}
      headerActions={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Button
            size="small"
            component={RouterLink}
            to={linkTo('/transactions/details/:txId', { txId: ctx.openKey }, scopeSearch)}
            endIcon={<OpenInNewIcon fontSize="small" />}
          >
            Open transaction page
          </Button>
          {t && <TransactionActions t={t} config={config} onDeleted={ctx.close} />}
        </Stack>
      }
      tabs={[
        { label: 'Details', content: body },
        ...(isSuper ? [{ label: 'JSON', content: <JsonBlock value={q.data ?? ctx.row ?? null} /> }] : []),
      ]}
    />
  );
}
