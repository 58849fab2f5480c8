import { Link } from 'react-router';
import { useDocumentMeta } from '../lib/seo';
import { LogoMark } from '../ui/Logo';

const TEXT = {
  404: { title: '页面不存在', text: '您访问的页面不存在或已被移除，请检查链接是否正确。' },
  403: { title: '没有访问权限', text: '抱歉，您没有权限访问该页面。' },
  401: { title: '需要登录', text: '该页面需要登录后访问，或您的登录已过期。' },
} as const;

export default function ErrorPage({ status }: { status: 404 | 403 | 401 }) {
  const t = TEXT[status];
  useDocumentMeta(`${status} ${t.title}`, t.text);
  return (
    <div className="shell-page">
      <Link to="/homePage" className="brand">
        <LogoMark />
        <span className="brand-name">本草制药</span>
        <span className="sr-only">首页</span>
      </Link>
      <div className="shell-card">
        <p className="shell-code" aria-hidden="true">{status}</p>
        <h1>{t.title}</h1>
        <p>{t.text}</p>
        <div className="shell-actions">
          <Link className="btn btn-primary" to="/homePage">返回首页</Link>
          {status === 401 && <Link className="btn btn-ghost" to="/login">去登录</Link>}
          <Link className="btn btn-ghost" to="/common/page">网站导航</Link>
        </div>
      </div>
    </div>
  );
}
