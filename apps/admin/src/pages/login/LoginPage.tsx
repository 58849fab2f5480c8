import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@bencao/contracts/lang';
import { changeLanguage } from '@/i18n';
import { LANGUAGE_LABELS } from '@/i18n/language';
import { useAuth } from '@/lib/auth';
import { useRoutes } from '@/app/store/routes';
import { RequestError } from '@/lib/request';
import './login.css';

type Field = 'username' | 'password';

/**
 * Sign in: account, password (encrypted with a one-time key), language; SPEC §8's messages inline.
 * Plain elements, no component library: the login page is the console's first download.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const login = useAuth((s) => s.login);
  const id = useId();
  const [values, setValues] = useState({ username: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = { username: !values.username.trim(), password: !values.password };
    setMissing(empty);
    if (empty.username || empty.password) {
      document.getElementById(`${id}-${empty.username ? 'username' : 'password'}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(values.username.trim(), values.password);
      await useRoutes.getState().generate();
    } catch (err) {
      setError(err instanceof RequestError ? err.message : t('login.keyFailed'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, required: string, input: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className={`login-field${missing[name] ? ' has-error' : ''}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <div className="login-input">
        <input
          id={`${id}-${name}`} name={name} value={values[name]} disabled={busy} aria-invalid={missing[name] || undefined}
          aria-describedby={missing[name] ? `${id}-${name}-error` : undefined}
          onChange={(e) => { setValues((v) => ({ ...v, [name]: e.target.value })); setMissing((m) => ({ ...m, [name]: false })); }}
          {...input}
        />
        {name === 'password' && (
          <button type="button" className="login-reveal" onClick={() => setShowPassword((s) => !s)} aria-pressed={showPassword} aria-label={t('login.showPassword')}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
              {!showPassword && <path d="M4 4l16 16" />}
            </svg>
          </button>
        )}
      </div>
      {missing[name] && <p className="login-field-error" id={`${id}-${name}-error`}>{required}</p>}
    </div>
  );

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={`${id}-title`}>
        <div className="login-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={44} height={44} />
          <div>
            <h1 className="login-title" id={`${id}-title`}>{t('app.title')}</h1>
            <p className="login-tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <form onSubmit={submit} noValidate aria-label={t('login.title')}>
          {field('username', t('login.username'), t('login.usernameRequired'), { autoComplete: 'username', autoFocus: true, type: 'text' })}
          {field('password', t('login.password'), t('login.passwordRequired'), { autoComplete: 'current-password', type: showPassword ? 'text' : 'password' })}
          {error && <div className="login-error" role="alert">{error}</div>}
          <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>{busy ? '…' : t('login.submit')}</button>
        </form>
        <div className="login-foot">
          <p className="login-note">{t('login.footer')}</p>
          <select aria-label={t('login.language')} value={i18n.language} onChange={(e) => void changeLanguage(e.target.value as Lang)}>
            {LANGS.map((l) => <option key={l} value={l}>{LANGUAGE_LABELS[l]}</option>)}
          </select>
        </div>
      </section>
    </main>
  );
}
