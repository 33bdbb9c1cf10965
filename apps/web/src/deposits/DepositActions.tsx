import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import type { TxView } from '../api/transactions';
import { lazyDialog } from '../kit/lazyDialog';

const OrderStatusDialog = lazyDialog(() => import('./DepositDialogs'), 'OrderStatusDialog');
const VerifyDialog = lazyDialog(() => import('./DepositDialogs'), 'VerifyDialog');
const RejectOrderDialog = lazyDialog(() => import('./DepositDialogs'), 'RejectOrderDialog');

/** Deposit order actions: Order Status, Verify Deposit, Reject Deposit Order (pending only). */
export function DepositActions({ t }: { t: TxView }) {
  const [open, setOpen] = useState<'status' | 'verify' | 'reject' | null>(null);
  const pending = !t.isDeleted && t.status === 'PENDING';
  const close = () => setOpen(null);
  return (
    <>
      {!t.isDeleted && (t.provider || t.gateway) && (
        <Button size="small" variant="outlined" onClick={() => setOpen('status')}>
          Order Status
        </Button>
      )}
      {pending && (t.provider || t.gateway) && (
        <Button size="small" variant="contained" onClick={() => setOpen('verify')}>
          Verify Deposit
        </Button>
      )}
      {pending && (
        <Button size="small" variant="outlined" color="error" onClick={() => setOpen('reject')}>
          Reject Deposit Order
        </Button>
      )}
      <Suspense fallback={null}>
        {open === 'status' && <OrderStatusDialog t={t} onClose={close} />}
        {open === 'verify' && <VerifyDialog t={t} onClose={close} />}
        {open === 'reject' && <RejectOrderDialog t={t} onClose={close} />}
      </Suspense>
    </>
  );
}
