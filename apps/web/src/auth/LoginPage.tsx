import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@pitboss/contract/messages';
import { PRODUCT_VERSION } from '@pitboss/contract/constants';
import { loginFieldErrors, type LoginFields } from '@pitboss/contract/login';
import { TWO_FACTOR_MESSAGES, codeKind, normalizeCode } from '@pitboss/contract/two-factor';
import { ApiError } from '../api/client';
import { login, loginTwoFactor, sessionKeys, useSessionCheck } from '../api/session';
import { BootLoader } from '../boot/BootScreens';

/** Only same-origin, in-app paths are followed after login. */
const safeNext = (v: string | null) => (v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/api') ? v : '/');

/**
 * The login screen. Plain markup and CSS (boot/boot.css), no MUI and no schema library:
 * it is the first screen of a cold load, so it renders from the entry chunk alone.
 * Fields are checked when the form is sent, then again on each change. An account with
 * two-factor authentication on gets a second step: the code of its authenticator app (or a
 * recovery code) for the challenge the password step answered.
 */
export default function LoginPage() {
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const session = useSessionCheck();
  const [values, setValues] = useState<LoginFields>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginFields, string>>>({});
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  if (session.isPending) return <BootLoader />;
  if (session.data) return <Navigate to={safeNext(sp.get('next'))} replace />;
  if (challenge) {
    return (
      <CodeStep
        challenge={challenge}
        onExpired={(message) => { setChallenge(null); setServerError(message); setValues({ ...values, password: '' }); }}
        onSignedIn={async (user) => {
          qc.setQueryData(sessionKeys.check(), user);
          await qc.invalidateQueries({ queryKey: sessionKeys.me() });
          navigate(safeNext(sp.get('next')), { replace: true });
        }}
      />
    );
  }

  const onChange = (field: keyof LoginFields) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (sent) setErrors(loginFieldErrors(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    const found = loginFieldErrors(values);
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setServerError(null);
    setSubmitting(true);
    try {
      const env = await login(values.email.trim(), values.password);
      if (env.data && 'twoFactorRequired' in env.data) {
        setChallenge(env.data.challenge);
        return;
      }
      qc.setQueryData(sessionKeys.check(), env.data);
      await qc.invalidateQueries({ queryKey: sessionKeys.me() });
      navigate(safeNext(sp.get('next')), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.httpStatus === 403) {
        const redirect = (err.data as { redirect?: unknown } | null)?.redirect;
        if (typeof redirect === 'string' && redirect.startsWith('/')) {
          navigate(redirect, { replace: true });
          return;
        }
      }
      setServerError(err instanceof ApiError && err.messages[0] ? err.messages[0] : MSG.GENERIC_ERROR);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof LoginFields, label: string, type: string, autoComplete: string, autoFocus = false) => {
    const id = `login-${name}`;
    const error = errors[name];
    return (
      <div className="pb-field" data-error={error ? '' : undefined}>
        <label className="pb-label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="pb-input"
          name={name}
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          value={values[name]}
          onChange={onChange(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-helper` : undefined}
        />
        {error && (
          <p className="pb-helper" id={`${id}-helper`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="pb-screen">
      <main className="pb-card">
        <h1 className="pb-title">Pitboss</h1>
        <p className="pb-subtitle">Staff back office — sign in to continue</p>
        <form className="pb-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Log in">
          {serverError && (
            <div className="pb-alert" role="alert">
              {serverError}
            </div>
          )}
          {field('email', 'Email', 'email', 'username', true)}
          {field('password', 'Password', 'password', 'current-password')}
          <button type="submit" className="pb-button" disabled={submitting}>
            Log in
          </button>
        </form>
        <span className="pb-caption">v{PRODUCT_VERSION}</span>
      </main>
    </div>
  );
}

type SignedIn = Exclude<Awaited<ReturnType<typeof loginTwoFactor>>['data'], null>;

/** The sign-in's second step: a 6-digit code of the authenticator app, or a recovery code. */
function CodeStep(props: { challenge: string; onSignedIn: (user: SignedIn) => Promise<void>; onExpired: (message: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = normalizeCode(code);
    const problem = !typed ? TWO_FACTOR_MESSAGES.CODE_REQUIRED : codeKind(typed) ? null : TWO_FACTOR_MESSAGES.CODE_INVALID;
    setError(problem);
    if (problem) {
      document.getElementById('login-code')?.focus();
      return;
    }
    setServerError(null);
    setSubmitting(true);
    try {
      const env = await loginTwoFactor(props.challenge, typed);
      await props.onSignedIn(env.data);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CHALLENGE_EXPIRED') {
        props.onExpired(err.messages[0] ?? TWO_FACTOR_MESSAGES.CHALLENGE_EXPIRED);
        return;
      }
      setServerError(err instanceof ApiError && err.messages[0] ? err.messages[0] : MSG.GENERIC_ERROR);
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="pb-screen">
      <main className="pb-card">
        <h1 className="pb-title">Pitboss</h1>
        <p className="pb-subtitle">Two-factor authentication</p>
        <form className="pb-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Authentication code">
          {serverError && (
            <div className="pb-alert" role="alert">
              {serverError}
            </div>
          )}
          <div className="pb-field" data-error={error ? '' : undefined}>
            <label className="pb-label" htmlFor="login-code">
              Authentication code
            </label>
            <input
              id="login-code"
              className="pb-input"
              name="code"
              inputMode="text"
              autoComplete="one-time-code"
              autoFocus
              maxLength={20}
              value={code}
              onChange={(e) => { setCode(e.target.value); if (error) setError(null); }}
              aria-invalid={error ? true : undefined}
              aria-describedby="login-code-helper"
            />
            <p className={error ? 'pb-helper' : 'pb-hint'} id="login-code-helper">
              {error ?? 'The 6-digit code of your authenticator app, or one of your recovery codes.'}
            </p>
          </div>
          <button type="submit" className="pb-button" disabled={submitting}>
            Verify
          </button>
          <button type="button" className="pb-text-button" onClick={() => props.onExpired('')}>
            Back to sign in
          </button>
        </form>
        <span className="pb-caption">v{PRODUCT_VERSION}</span>
      </main>
    </div>
  );
}
