import { Suspense, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Button, Stack } from '@mui/material';
import { MSG, type PlayerRow } from '@pitboss/contract';
import { deletePlayer, playerKeys, resetPlayer2fa } from '../api/players';
import { useApiError } from '../kit/ErrorDialog';
import { useConfirm } from '../kit/useConfirm';
import { useCan, useIsSuper } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';
import { WalletActions } from '../wallet/WalletActions';

const PlayerWalletDialog = lazyDialog(() => import('./PlayerWalletDialog'), 'PlayerWalletDialog');

type P = Pick<PlayerRow, 'playerId' | 'playerCode' | 'opId' | 'isDeleted'>;

/** Player Wallet, Reset Player 2FA and Delete Player — each shown only with its right. */
export function PlayerActions({ p }: { p: P }) {
  const allowed = useCan();
  const isSuper = useIsSuper();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const reportError = useApiError();
  const [walletOpen, setWalletOpen] = useState(false);

  const done = (messages: string[], fallback: string) => {
    enqueueSnackbar(messages[0] ?? fallback, { variant: 'success' });
    void qc.invalidateQueries({ queryKey: playerKeys.lists() });
    void qc.invalidateQueries({ queryKey: playerKeys.detail(p.playerCode) });
  };
  const reset2fa = useMutation({
    mutationFn: () => resetPlayer2fa(p.playerId, p.playerCode),
    onSuccess: (env) => done(env.messages, MSG.TWO_FA_RESET),
    onError: (e) => reportError(e, MSG.UNABLE_TO_PROCEED),
  });
  const remove = useMutation({
    mutationFn: (confirmation: string) => deletePlayer(p.playerId, confirmation),
    onSuccess: (env) => done(env.messages, MSG.PLAYER_DELETED),
    onError: (e) => reportError(e, MSG.UNABLE_TO_PROCEED),
  });

  const canWallet = isSuper && allowed('player_wallet_view');
  const can2fa = allowed('player_reset_2fa');
  const canDelete = allowed('player_delete');
  if (!canWallet && !can2fa && !canDelete && !isSuper) return null;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {canWallet && (
        <Button variant="outlined" size="small" onClick={() => setWalletOpen(true)}>
          Player Wallet
        </Button>
      )}
      <WalletActions playerId={p.playerId} playerCode={p.playerCode} opId={p.opId} isDeleted={p.isDeleted} />
      {can2fa && (
        <Button
          variant="outlined"
          size="small"
          disabled={reset2fa.isPending}
          onClick={async () => {
            if (await confirm({ title: 'Reset Player 2FA', description: `Reset two-factor authentication of ${p.playerCode}?`, confirmText: 'Reset 2FA' }))
              reset2fa.mutate();
          }}
        >
          Reset Player 2FA
        </Button>
      )}
      {canDelete && !p.isDeleted && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          disabled={remove.isPending}
          onClick={async () => {
            const ok = await confirm({
              title: 'Player Delete Confirmation',
              description: `Deleting ${p.playerCode} cannot be undone. Type the player code to confirm.`,
              typeToConfirm: p.playerCode,
              confirmText: 'Delete',
              destructive: true,
            });
            if (ok) remove.mutate(p.playerCode);
          }}
        >
          Delete Player
        </Button>
      )}
      {walletOpen && (
        <Suspense fallback={null}>
          <PlayerWalletDialog playerCode={p.playerCode} open={walletOpen} onClose={() => setWalletOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
