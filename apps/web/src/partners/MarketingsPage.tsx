import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { AFFILIATE_CHANNELS_LIMIT, MSG, linkTo } from '@pitboss/contract';
import { apiData } from '../api/endpoint';
import { useScope } from '../shell/useScope';
import { useCan } from '../shell/session';
import { LinkCell } from './common';

/**
 * /marketings — the partner's marketing materials: each channel's tracking link, ready to copy
 * (the link carries the partner and the channel, so the players it brings are counted for them).
 * Staff see the channels of the operator chosen in the selector.
 */
export default function MarketingsPage() {
  const { opId, includeBrands } = useScope();
  const allowed = useCan();
  const body = { limit: AFFILIATE_CHANNELS_LIMIT, ...(opId ? { opId, includeBrands: includeBrands === 'true' } : {}) };
  const q = useQuery({ queryKey: ['partners.channelsList', body], queryFn: () => apiData('partners.channelsList', { body }) });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Share a channel&apos;s link: players who register through it are counted for that channel on the partner dashboard.
        {allowed('channels') && <> New channels are added on <Link component={RouterLink} to={linkTo('/channels')}>Channels</Link>.</>}
      </Typography>
      {q.isPending && <LinearProgress aria-label="Loading channels" />}
      {q.isError && <Alert severity="error">{q.error.message}</Alert>}
      {q.data && q.data.items.length === 0 && <Alert severity="info">{MSG.NO_DATA}</Alert>}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {q.data?.items.map((c) => (
          <Card key={c.id} variant="outlined" component="section" aria-label={c.description}>
            <CardContent>
              <Typography variant="subtitle1" component="h2">{c.description}</Typography>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {c.opTitle} · channel {c.channelId} · {c.players.toLocaleString('en-US')} players
              </Typography>
              <LinkCell link={c.trackingLink} />
            </CardContent>
          </Card>
        ))}
      </Box>
    </Stack>
  );
}
