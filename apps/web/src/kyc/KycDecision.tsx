import { useState } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { MSG, NOTE_MAX, kycNoteSchema, type KycRecord } from '@pitboss/contract';
import { decideKyc } from '../api/kyc';
import { useKycMutation } from './useKycMutation';

/**
 * Confirm / Reject with a required note for the player (000 §4, §5): each button is disabled
 * when there is no note or the document is already in that status.
 */
export function KycDecision({ rec }: { rec: KycRecord }) {
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const noteCheck = kycNoteSchema.safeParse(note);
  const m = useKycMutation(
    (action: 'approve' | 'reject') => decideKyc(action, rec.kycId, note.trim()),
    MSG.KYC_APPROVED,
    () => {
      setNote('');
      setTouched(false);
    },
  );
  const busy = m.isPending;
  return (
    <Stack spacing={1.5} component="section" aria-label="Decision">
      <Typography variant="subtitle2" component="h3">
        Decision
      </Typography>
      <TextField
        label="Note for the player"
        multiline
        minRows={3}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && !noteCheck.success}
        helperText={touched && !noteCheck.success ? noteCheck.error.issues[0]?.message : `${note.length}/${NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          color="success"
          disabled={busy || !noteCheck.success || rec.kycStatus === 'CONFIRMED'}
          onClick={() => m.mutate('approve')}
        >
          Confirm
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy || !noteCheck.success || rec.kycStatus === 'REJECTED'}
          onClick={() => m.mutate('reject')}
        >
          Reject
        </Button>
      </Stack>
    </Stack>
  );
}
