import { useQuery } from '@tanstack/react-query';
import { Alert, AlertTitle, Box, CircularProgress, Typography } from '@mui/material';
import { ABUSE_SIGNAL_TEXT, countOf, plural } from '@pitboss/contract';
import { apiData } from '../api/endpoint';

type Bonus = { bonusId: string; templateId?: never } | { templateId: number; bonusId?: never };

/**
 * Bonus abuse signals (issue 9), shown before staff approve a bonus request or add a free bet:
 * the other players of the operator sharing this player's sign-in IP, device or card / IBAN, and
 * which of them already received the same bonus. It only informs; the decision stays with staff.
 */
export function AbuseSignals(props: { playerCode: string; opId?: string } & Bonus) {
  const { playerCode, opId, bonusId, templateId } = props;
  const q = useQuery({
    queryKey: ['bonus-abuse-signals', playerCode, opId ?? '', bonusId ?? '', templateId ?? 0],
    queryFn: () => apiData('bonus.abuseSignals', {
      body: { playerCode, ...(opId ? { opId } : {}), ...(bonusId !== undefined ? { bonusId } : { templateId: templateId! }) },
    }),
    staleTime: 0,
  });
  if (q.isPending) return <Box data-testid="abuse-signals"><CircularProgress size={16} aria-label="Checking abuse signals" /></Box>;
  if (q.isError) return <Alert severity="info" data-testid="abuse-signals">Abuse signals could not be checked.</Alert>;
  const d = q.data;
  if (!d.players.length) return <Alert severity="success" data-testid="abuse-signals">No other player shares this player&apos;s sign-in IP, device or card.</Alert>;
  const n = d.players.length;
  return (
    <Alert severity={d.receivedSameBonus ? 'warning' : 'info'} data-testid="abuse-signals" role="alert">
      <AlertTitle>
        {d.receivedSameBonus
          ? `${countOf(d.receivedSameBonus, 'player')} sharing this player's details already received this bonus`
          : `${n}${d.truncated ? '+' : ''} ${plural(n, 'player')} share this player's details; none received this bonus`}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {d.players.map((p) => (
          <Typography component="li" variant="body2" key={p.playerCode} data-testid="abuse-signal-player">
            {p.playerCode}{p.username ? ` (${p.username})` : ''}: {p.shared.map((s) => ABUSE_SIGNAL_TEXT[s]).join(', ')}
            {p.receivedSameBonus && <strong> — received this bonus</strong>}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
