import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { login } from '../lib/auth';
import { newCode, validateLogin, type LoginValues } from '../lib/loginForm';
import { useDocumentMeta } from '../lib/seo';
import { LogoMark } from '../ui/Logo';

function CodeImage({ code }: { code: string }) {
  return (
    <svg className="code-img" viewBox="0 0 120 44" width="120" height="44" role="img" aria-label={`验证码 ${code.split('').join(' ')}`}>
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
  useDocumentMeta('登录', '登录本草制药网站。');
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ userName: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const [code, setCode] = useState(() => newCode());
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
          {errors[k]}
        </p>
      )}
    </div>
  );
  return (
    <div className="shell-page">
      <Link to="/homePage" className="brand">
        <LogoMark />
        <span className="brand-name">本草制药</span>
        <span className="sr-only">首页</span>
      </Link>
      <div className="shell-card login-card">
        <h1>账号登录</h1>
        <form onSubmit={submit} noValidate>
          {field('userName', '账号', 'text', 'username', '请输入您的账号')}
          {field('password', '密码', 'password', 'current-password', '请输入您的密码')}
          <div className="code-row">
            {field('code', '验证码', 'text', 'off', '请输入验证码')}
            <CodeImage code={code} />
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCode(newCode())}>
              换一张
            </button>
          </div>
          <button type="submit" className="btn btn-primary btn-block">登录</button>
        </form>
        <p className="muted small">本站登录仅在当前浏览器中记住您的称呼，账号和密码不会发送到服务器。</p>
        <p className="small"><Link to="/homePage">← 返回首页</Link></p>
      </div>
    </div>
  );
}
