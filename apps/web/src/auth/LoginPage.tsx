import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { MSG, PRODUCT_VERSION, loginBody, type LoginBody } from '@pitboss/contract';
import { ApiError } from '../api/client';
import { login, sessionKeys, useSessionCheck } from '../api/session';
import { FullScreenLoader } from '../kit/FullScreenLoader';

/** Only same-origin, in-app paths are followed after login. */
const safeNext = (v: string | null) => (v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/api') ? v : '/');

export default function LoginPage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const session = useSessionCheck();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  if (session.isPending) return <FullScreenLoader />;
  if (session.data) return <Navigate to={safeNext(sp.get('next'))} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const env = await login(values.email, values.password);
      qc.setQueryData(sessionKeys.check(), env.data);
      await qc.invalidateQueries({ queryKey: sessionKeys.me() });
      navigate(safeNext(sp.get('next')), { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.httpStatus === 403) {
        const redirect = (e.data as { redirect?: unknown } | null)?.redirect;
        if (typeof redirect === 'string' && redirect.startsWith('/')) {
          navigate(redirect, { replace: true });
          return;
        }
      }
      setServerError(e instanceof ApiError && e.messages[0] ? e.messages[0] : MSG.GENERIC_ERROR);
    }
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="main" sx={{ p: 4, width: '100%', maxWidth: 400 }} elevation={3}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} gutterBottom>
          Pitboss
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Staff back office — sign in to continue
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Log in">
          <Stack spacing={2}>
            {serverError && (
              <Alert severity="error" role="alert">
                {serverError}
              </Alert>
            )}
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              {...register('email')}
              error={!!formState.errors.email}
              helperText={formState.errors.email?.message}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              {...register('password')}
              error={!!formState.errors.password}
              helperText={formState.errors.password?.message}
            />
            <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
              Log in
            </Button>
          </Stack>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 3 }}>
          v{PRODUCT_VERSION}
        </Typography>
      </Paper>
    </Box>
  );
}
