import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { login } from '../lib/auth';
import { newCode, validateLogin, type LoginMessage, type LoginValues } from '../lib/loginForm';
import { useDocumentMeta } from '../lib/seo';
import { useT } from '../i18n';
import { LogoMark } from '../ui/Logo';
import { loginText } from './loginText';

function CodeImage({ code }: { code: string }) {
  const t = loginText.use();
  return (
    <svg className="code-img" viewBox="0 0 120 44" width="120" height="44" role="img" aria-label={t('codeImage', { code: code.split('').join(' ') })}>
      <rect width="120" height="44" rx="6" fill="#f3efe6" />
      <path d="M4 30 C30 10, 60 40, 116 14" stroke="#c9963f" strokeWidth="1.5" fill="none" opacity=".6" />
      {code.split('').map((ch, i) => (
        <text key={i} x={16 + i * 26} y={31} fontSize="24" fontWeight="700" fill="#1d5b45" transform={`rotate(${(i % 2 ? 1 : -1) * (6 + i * 2)} ${16 + i * 26} 24)`}>
          {ch}
        </text>
      ))}
    </svg>
  );
}

/** SPEC §5 public login form. Login is local to this browser (SPEC §4): nothing is sent to the server. */
export default function Login() {
  const t = loginText.use();
  useDocumentMeta(t('meta'), t('description'));
  const tr = useT();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ userName: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, LoginMessage>>>({});
  // drawn in the browser after hydration: a code drawn during render differs between the server's markup and the app's
  const [code, setCode] = useState('');
  useEffect(() => setCode(newCode()), []);
  const set = (k: keyof LoginValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs = validateLogin(values, code);
    setErrors(errs);
    if (Object.keys(errs).length) {
      if (errs.code) setCode(newCode());
      const first = (['userName', 'password', 'code'] as const).find((k) => errs[k]);
      document.getElementById(`login-${first}`)?.focus();
      return;
    }
    login(values.userName.trim());
    navigate('/homePage');
  };
  const field = (k: keyof LoginValues, label: string, type: string, autoComplete: string, placeholder: string) => (
    <div className={errors[k] ? 'field has-error' : 'field'}>
      <label htmlFor={`login-${k}`}>
        {label} <span className="req" aria-hidden="true">*</span>
      </label>
      <input
        id={`login-${k}`}
        name={k}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={values[k]}
        onChange={set(k)}
        aria-required="true"
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `login-${k}-err` : undefined}
      />
      {errors[k] && (
        <p className="field-error" id={`login-${k}-err`} role="alert">
          {t(errors[k])}
        </p>
      )}
    </div>
  );
  return (
    <div className="shell-page">
      <Link to="/homePage" className="brand">
        <LogoMark />
        <span className="brand-name">{tr('site.name')}</span>
        <span className="sr-only">{t('home')}</span>
      </Link>
      <div className="shell-card login-card">
        <h1>{t('heading')}</h1>
        <form onSubmit={submit} noValidate>
          {field('userName', t('userName'), 'text', 'username', t('userNameHint'))}
          {field('password', t('password'), 'password', 'current-password', t('passwordHint'))}
          <div className="code-row">
            {field('code', t('code'), 'text', 'off', t('codeHint'))}
            <CodeImage code={code} />
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCode(newCode())}>
              {t('newCode')}
            </button>
          </div>
          <button type="submit" className="btn btn-primary btn-block">{t('submit')}</button>
        </form>
        <p className="muted small">{t('localOnly')}</p>
        <p className="small"><Link to="/homePage">{t('back')}</Link></p>
      </div>
    </div>
  );
}
