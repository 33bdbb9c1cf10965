import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@pitboss/contract/messages';
import { PRODUCT_VERSION } from '@pitboss/contract/constants';
import { loginFieldErrors, type LoginFields } from '@pitboss/contract/login';
import { ApiError } from '../api/client';
import { login, sessionKeys, useSessionCheck } from '../api/session';
import { BootLoader } from '../boot/BootScreens';

/** Only same-origin, in-app paths are followed after login. */
const safeNext = (v: string | null) => (v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/api') ? v : '/');

/**
 * The login screen. Plain markup and CSS (boot/boot.css), no MUI and no schema library:
 * it is the first screen of a cold load, so it renders from the entry chunk alone.
 * Fields are checked when the form is sent, then again on each change.
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

  if (session.isPending) return <BootLoader />;
  if (session.data) return <Navigate to={safeNext(sp.get('next'))} replace />;

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
