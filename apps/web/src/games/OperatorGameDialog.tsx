import { MenuItem, Stack } from '@mui/material';
import { GAME_STATUSES, GAME_STATUS_LABELS, operatorGameForm, type OperatorGameView } from '@pitboss/contract';
import { EndpointDialog } from '../kit/actions/EndpointDialog';
import { FormTextField } from '../kit/actions/FormTextField';

/** An operator's order and status of a game (PUT /api/games/update: "Game updated for operator!"). */
export function OperatorGameDialog({ row, onClose }: { row: OperatorGameView; onClose: () => void }) {
  return (
    <EndpointDialog
      endpoint="games.operatorUpdate"
      title={`${row.gameTitle} — ${row.opTitle}`}
      schema={operatorGameForm}
      defaultValues={{ order: row.order, status: row.status as never }}
      submitText="Save"
      input={(v) => ({ body: { opId: row.opId, gameTitle: row.gameTitle, dto: { gameId: row.gameId, order: v.order, status: v.status } } })}
      onClose={onClose}
    >
      {(form) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={form.control} name="order" label="Order" type="number" />
          <FormTextField control={form.control} name="status" label="Status" select>
            {GAME_STATUSES.map((s) => <MenuItem key={s} value={s}>{GAME_STATUS_LABELS[s]}</MenuItem>)}
          </FormTextField>
        </Stack>
      )}
    </EndpointDialog>
  );
}
