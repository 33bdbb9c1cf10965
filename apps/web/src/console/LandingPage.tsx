import { Link as RouterLink } from 'react-router';
import { Alert, Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { ROLE_LABELS } from '@pitboss/contract/roles';
import { pagesNotBuilt, usablePages } from '@pitboss/contract/routes';
import { useSession } from '../shell/session';
import { useScope } from '../shell/useScope';

/**
 * The landing page of a user whose start pages do not exist yet (PARTNER before the partner
 * dashboard, DEV_OPS before the infrastructure pages): the pages they can open, and an honest
 * list of the ones this console does not have yet. Never an empty list or a "no permission" page.
 */
export function LandingPage() {
  const { user } = useSession();
  const { scopeSearch } = useScope();
  const pages = usablePages(user.permissions);
  const coming = pagesNotBuilt(user.permissions);
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }} data-testid="landing-page">
      <Box>
        <Typography variant="h5" component="h2">
          Welcome, {user.nickname}
        </Typography>
        <Typography color="text.secondary">Signed in as {ROLE_LABELS[user.role]}.</Typography>
      </Box>
      {pages.length > 0 && (
        <Box component="section" aria-labelledby="landing-usable">
          <Typography id="landing-usable" variant="subtitle1" component="h3" gutterBottom>
            Pages you can open
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
            {pages.map((r) => (
              <Card key={r.path} variant="outlined">
                <CardActionArea component={RouterLink} to={`${r.path}${scopeSearch}`}>
                  <CardContent>
                    <Typography variant="subtitle2">{r.title}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.group}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
        </Box>
      )}
      {coming.length > 0 && (
        <Box component="section" aria-labelledby="landing-coming">
          <Typography id="landing-coming" variant="subtitle1" component="h3" gutterBottom>
            Not in this console yet
          </Typography>
          <Alert severity="info" variant="outlined">
            Your role includes these pages; they are not available in this version of the console:{' '}
            {coming.map((r) => r.title).join(', ')}.
          </Alert>
        </Box>
      )}
      {pages.length === 0 && coming.length === 0 && <Alert severity="info">There is nothing for your role in this console yet.</Alert>}
    </Stack>
  );
}
