import { Link } from 'react-router';
import { useSettings } from '../api/site';
import { showUnderConstruction } from '../ui/overlay';
import { LogoMark } from '../ui/Logo';
import { bidHref } from './Header';
import { useColumnTitle } from '../lib/useColumnTitle';

export const ABOUT_SECTIONS = [
  { showIndex: 0, label: '公司概况', slug: 'overview' },
  { showIndex: 2, label: '发展战略', slug: 'strategy' },
  { showIndex: 4, label: '发展历程', slug: 'history' },
  { showIndex: 5, label: '党建工作', slug: 'party' },
] as const;

const SERVICE_HOURS = '9:00-21:00';

export function Footer() {
  const s = useSettings().data;
  const culture = useColumnTitle('/corporateCulturePage', '企业文化');
  const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/homePage" className="brand brand-light">
            <LogoMark size={36} />
            <span className="brand-text">
              <span className="brand-name">{s?.companyName ?? '本草制药'}</span>
            </span>
            <span className="sr-only">首页</span>
          </Link>
          <p className="footer-note">传承精华，守正创新。以现代制药科技，做让人放心的好中药。</p>
          {s?.address && <p className="footer-note">地址：{s.address}</p>}
          {s?.email && (
            <p className="footer-note">
              邮箱：<a href={`mailto:${s.email}`}>{s.email}</a>
            </p>
          )}
        </div>
        <nav className="footer-col" aria-label="关于我们">
          <h2>关于我们</h2>
          <ul>
            {ABOUT_SECTIONS.map((a) => (
              <li key={a.showIndex}>
                <Link to={`/aboutPage?showIndex=${a.showIndex}`}>{a.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/corporateCulturePage">{culture}</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-label="服务与合作">
          <h2>服务与合作</h2>
          <ul>
            <li>
              <button type="button" className="linkish" onClick={() => showUnderConstruction('网上商城')}>网上商城</button>
            </li>
            <li>
              <button type="button" className="linkish" onClick={() => showUnderConstruction('产品招商')}>产品招商</button>
            </li>
            <li>
              <button type="button" className="linkish" onClick={() => showUnderConstruction('在线服务')}>在线服务</button>
            </li>
            <li>
              <Link to={bidHref(s?.biddingColumnId)}>招标采购</Link>
            </li>
            <li>
              <Link to="/manpowerPage">人才招聘</Link>
            </li>
            <li>
              <Link to="/common/page">网站导航</Link>
            </li>
          </ul>
        </nav>
        <div className="footer-col footer-contact">
          <h2>客户服务</h2>
          <ul>
            {(s?.hotlines ?? []).slice(0, 2).map((h, i) => (
              <li key={h}>
                <span className="footer-label">{i === 0 ? '服务热线' : '咨询电话'}</span>
                <a className="footer-phone" href={tel(h)}>{h}</a>
              </li>
            ))}
            <li>
              <span className="footer-label">服务时间</span> 每日 {s?.serviceHours || SERVICE_HOURS}
            </li>
            <li>
              <Link to="/cs">联系我们 →</Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-legal">
        <div className="container footer-legal-inner">
          <p>© {new Date().getFullYear()} {s?.companyName ?? '本草制药'} 版权所有</p>
          <p className="filings">
            {s?.icp && (
              <a href={s.icpUrl || 'https://beian.miit.gov.cn/'} target="_blank" rel="noopener noreferrer">
                {s.icp}
              </a>
            )}
            {s?.publicSecurityFiling && <span>{s.publicSecurityFiling}</span>}
            {s?.drugInfoCert && <span>互联网药品信息服务资格证书：{s.drugInfoCert}</span>}
          </p>
        </div>
      </div>
    </footer>
  );
}
