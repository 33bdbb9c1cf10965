import { useLocation, useParams } from 'react-router';
import { Paper, Stack, Typography } from '@mui/material';
import { Fields } from '../kit/Fields';
import { BetLedger, BetLoading, CancelBetButton, SettleButton, useBet, useBetFields } from './common';

/** /bets/:id (Bet Details) and /betsV2/:betId (Quick Bet Details): the bet, its selections, its wallet entries, Settle and Cancel. */
export default function BetDetailsPage() {
  const { id = '', betId = '' } = useParams();
  const quick = useLocation().pathname.startsWith('/betsV2/');
  const q = useBet(quick ? 'betId' : 'id', quick ? betId : id);
  const fields = useBetFields();
  if (!q.data) return <BetLoading error={q.error} />;
  const b = q.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">{quick ? 'Quick Bet Details' : 'Bet Details'} — {b.betId}</Typography>
          <Stack direction="row" spacing={1}><SettleButton bet={b} /><CancelBetButton bet={b} /></Stack>
        </Stack>
        <Fields items={fields.map((f) => ({ label: f.label, value: f.value(b) }))} />
        <BetLedger bet={b} />
      </Stack>
    </Paper>
  );
}
