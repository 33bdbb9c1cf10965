import { Suspense, useState } from 'react';
import { Button, Stack } from '@mui/material';
import { MSG, type PlayerRow } from '@pitboss/contract';
import { httpStatusOr, refusedOr } from '../api/client';
import { DeleteAction } from '../kit/actions/DeleteAction';
import { useEndpointMutation } from '../kit/actions/useEndpointMutation';
import { useConfirm } from '../kit/useConfirm';
import { useCan, useIsSuper } from '../shell/session';
import { lazyDialog } from '../kit/lazyDialog';
import { WalletActions } from '../wallet/WalletActions';
import { useCanCall } from '../shell/useCanCall';
import { AddSportFreebetAction } from '../bonus/SportFreebetEntry';

const PlayerWalletDialog = lazyDialog(() => import('./PlayerWalletDialog'), 'PlayerWalletDialog');

type P = Pick<PlayerRow, 'playerId' | 'playerCode' | 'opId' | 'isDeleted'>;

/** Player Wallet, Reset Player 2FA and Delete Player — each shown only with its right. */
export function PlayerActions({ p }: { p: P }) {
  const allowed = useCan();
  const isSuper = useIsSuper();
  const confirm = useConfirm();
  const [walletOpen, setWalletOpen] = useState(false);
  // The spec's failure texts (001 §8): a refused 2FA reset "Failed to update 2FA settings" (an unanswered one
  // "An error occurred while updating the 2FA settings"); a refused delete "Unable to perform this action".
  const reset2fa = useEndpointMutation('players.reset2fa', { success: MSG.TWO_FA_RESET, errorTitle: MSG.TWO_FA_FAILED, errorFallback: httpStatusOr(MSG.TWO_FA_ERROR) });
  const remove = useEndpointMutation('players.delete', { success: MSG.PLAYER_DELETED, errorTitle: MSG.PLAYER_DELETE_FAILED, errorFallback: refusedOr(MSG.PLAYER_DELETE_FAILED, MSG.GENERIC_ERROR) });

  const canWallet = isSuper && allowed('player_wallet_view');
  const can2fa = allowed('player_reset_2fa');
  const canDelete = allowed('player_delete');
  const canFreebet = useCanCall()('sport.grant') && !p.isDeleted;
  if (!canWallet && !can2fa && !canDelete && !isSuper && !canFreebet) return null;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {canWallet && (
        <Button variant="outlined" size="small" onClick={() => setWalletOpen(true)}>
          Player Wallet
        </Button>
      )}
      <WalletActions playerId={p.playerId} playerCode={p.playerCode} opId={p.opId} isDeleted={p.isDeleted} />
      <AddSportFreebetAction p={p} />
      {can2fa && (
        <Button
          variant="outlined"
          size="small"
          disabled={reset2fa.isPending}
          onClick={async () => {
            if (await confirm({ title: 'Reset Player 2FA', description: `Reset two-factor authentication of ${p.playerCode}?`, confirmText: 'Reset 2FA' }))
              reset2fa.mutate({ body: { playerId: p.playerId, playerCode: p.playerCode } });
          }}
        >
          Reset Player 2FA
        </Button>
      )}
      {canDelete && !p.isDeleted && (
        <DeleteAction
          label="Delete Player"
          title="Player Delete Confirmation"
          description={`Deleting ${p.playerCode} cannot be undone. Type the player code to confirm.`}
          typeToConfirm={p.playerCode}
          button={{ size: 'small', variant: 'outlined' }}
          busy={remove.isPending}
          onConfirmed={(confirmation = '') => remove.mutate({ body: { playerId: p.playerId, confirmation } })}
        />
      )}
      {walletOpen && (
        <Suspense fallback={null}>
          <PlayerWalletDialog playerCode={p.playerCode} opId={p.opId} open={walletOpen} onClose={() => setWalletOpen(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
