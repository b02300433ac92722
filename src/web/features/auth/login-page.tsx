import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SessionUser } from '../../../domain/auth';
import { loginInput } from '../../../domain/login';
import { isTechnicianRole } from '../../../domain/policy';
import { api, ApiError } from '../../lib/api-client';
import { useAuthOptions, useSession, useSetSession } from '../../lib/session';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { FormField, TextInput } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { MAIN_CONTENT_ID } from '../../ui/return-focus';

/** Only same-site paths: "from" comes from the address bar, so it must not send anyone away. */
export function safeRedirect(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/**
 * /login. A plain controlled form (no form library) keeps this first download small; the rules
 * are the shared loginInput schema.
 */
export default function LoginPage() {
  const session = useSession();
  const options = useAuthOptions();
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  // With no page asked for, a technician lands on My Day (issue 30), everyone else on Home.
  const landing = (role: SessionUser['role']) => (from ? safeRedirect(from) : isTechnicianRole(role) ? '/field' : '/');

  const [values, setValues] = useState({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'username' | 'password', string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (session.isPending) return <Spinner label="Verifying authentication..." className="min-h-screen" />;
  if (session.data) return <Navigate to={landing(session.data.role)} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = loginInput.safeParse(values);
    if (!parsed.success) {
      const next: typeof fieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'username' | 'password'] ??= issue.message;
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      const { user } = await api.post<{ user: SessionUser }>('/api/auth/login', parsed.data);
      setSession(user);
      navigate(landing(user.role), { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError && (caught.status < 500 || caught.code === 'NETWORK_ERROR')
          ? caught.message
          : 'Error checking user credentials',
      );
      setSubmitting(false);
    }
  };

  const field = (name: 'username' | 'password') => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-blue-50 px-4 focus:outline-none"
    >
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">HVAC Administration</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Sign in to continue</p>
        <form className="mt-6 space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          {error ? <ErrorBanner message={error} /> : null}
          <FormField label="Username" error={fieldErrors.username} required>
            {(a11y) => <TextInput {...a11y} name="username" autoComplete="username" autoFocus {...field('username')} />}
          </FormField>
          <FormField label="Password" error={fieldErrors.password} required>
            {(a11y) => (
              <TextInput
                {...a11y}
                name="password"
                type="password"
                autoComplete="current-password"
                {...field('password')}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
        {options.data?.demoHint ? (
          <p className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-center text-sm text-amber-900">
            Demo: username <strong>{options.data.demoHint.username}</strong>, password{' '}
            <strong>{options.data.demoHint.password}</strong>
          </p>
        ) : null}
      </div>
    </main>
  );
}
