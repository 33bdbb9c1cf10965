import { Suspense, useState } from 'react';
import { Button, Stack } from '@mui/material';
import type { RewardHistoryType } from '@pitboss/contract';
import { lazyDialog } from '../kit/lazyDialog';

// The drawers (a list each) load when first opened, keeping them out of the Player Wallet's chunk.
const RewardTransactionsDrawer = lazyDialog(() => import('./RewardHistoryDrawers'), 'RewardTransactionsDrawer');
const ReferredPlayersDrawer = lazyDialog(() => import('./RewardHistoryDrawers'), 'ReferredPlayersDrawer');

type Open = RewardHistoryType | 'REFERRED' | null;

/** The buttons that open the reward history drawers: the affiliate panel's three, or the cashback panel's one. */
export function RewardHistoryActions({ kind, playerCode, opId }: { kind: 'affiliate' | 'cashback'; playerCode: string; opId?: string }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const buttons: { key: Exclude<Open, null>; label: string }[] = kind === 'affiliate'
    ? [{ key: 'AFFILIATE', label: 'Profit transactions' }, { key: 'REFERRAL_PROFIT', label: 'Referral claim history' }, { key: 'REFERRED', label: 'Referred players' }]
    : [{ key: 'CASHBACK', label: 'Cashback withdrawal history' }];
  const where = opId ? { opId } : {};
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {buttons.map((b) => <Button key={b.key} size="small" variant="outlined" onClick={() => setOpen(b.key)}>{b.label}</Button>)}
      <Suspense fallback={null}>
        {open === 'REFERRED' && <ReferredPlayersDrawer playerCode={playerCode} {...where} onClose={close} />}
        {open && open !== 'REFERRED' && <RewardTransactionsDrawer playerCode={playerCode} {...where} type={open} onClose={close} />}
      </Suspense>
    </Stack>
  );
}
