import { Link as RouterLink, useSearchParams } from 'react-router';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { MSG } from '@pitboss/contract';

/** Landing page of a blocked user: /admin?error=forbidden-access (000 §2.1). */
export default function AdminPage() {
  const [sp] = useSearchParams();
  const forbidden = sp.get('error') === 'forbidden-access';
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper component="main" sx={{ p: 4, maxWidth: 480 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Pitboss
        </Typography>
        {forbidden ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            Forbidden access. {MSG.USER_BLOCKED}
          </Alert>
        ) : (
          <Typography sx={{ mb: 2 }}>Staff back office.</Typography>
        )}
        <Button component={RouterLink} to="/login" variant="contained">
          Go to login
        </Button>
      </Paper>
    </Box>
  );
}
