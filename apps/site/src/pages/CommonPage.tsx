import { Link } from 'react-router';
import { useColumns, useSettings } from '../api/site';
import { buildMenu, columnHref } from '../lib/menu';
import { useDocumentMeta } from '../lib/seo';
import { ABOUT_SECTIONS } from '../shell/Footer';
import { bidHref } from '../shell/Header';
import { PageHead } from '../ui/PageHead';
import { Loading } from '../ui/States';

/** /common/page: the site map and the notices every visitor should know. */
export default function CommonPage() {
  useDocumentMeta('网站导航', '本草制药网站导航：全部栏目、关于我们、服务与合作入口，以及网站使用与用药安全须知。');
  const columns = useColumns().data;
  const s = useSettings().data;
  const menu = columns ? buildMenu(columns, s?.biddingColumnId) : null;
  return (
    <>
      <PageHead title="网站导航" subtitle="本站全部栏目与使用须知" crumbs={[{ label: '网站导航' }]} />
      <div className="container section">
        <div className="grid grid-3 sitemap">
          <section aria-labelledby="sm-cols">
            <h2 id="sm-cols">主要栏目</h2>
            {!menu ? <Loading rows={2} /> : (
              <ul>
                {menu.map((c) => (
                  <li key={c.id}>
                    <Link to={columnHref(c)}>{c.label}</Link>
                    {c.children.length > 0 && (
                      <ul>{c.children.map((k) => <li key={k.id}><Link to={columnHref(k)}>{k.label}</Link></li>)}</ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="sm-about">
            <h2 id="sm-about">关于我们</h2>
            <ul>
              {ABOUT_SECTIONS.map((a) => <li key={a.slug}><Link to={`/aboutPage?showIndex=${a.showIndex}`}>{a.label}</Link></li>)}
              <li><Link to="/corporateCulturePage">企业文化</Link></li>
            </ul>
          </section>
          <section aria-labelledby="sm-svc">
            <h2 id="sm-svc">服务与合作</h2>
            <ul>
              <li><Link to="/cs">客户服务</Link></li>
              <li><Link to="/jobBoard">职位列表</Link></li>
              <li><Link to={bidHref(s?.biddingColumnId)}>招标采购</Link></li>
              <li><Link to="/test">站点自检</Link></li>
            </ul>
          </section>
        </div>
        <section className="notice-box" aria-labelledby="sm-notice">
          <h2 id="sm-notice" className="section-title">使用须知</h2>
          <ul>
            <li>本站提供的药品信息仅供参考，不能替代医师和药师的专业建议。处方药须凭执业医师处方购买和使用。</li>
            <li>本站不直接销售药品，也不会以任何形式索取您的银行卡信息或验证码。如遇冒用本公司名义的情况，请拨打服务热线核实。</li>
            <li>本站内容（文字、图片）的著作权归{s?.companyName ?? '本草制药'}所有，未经书面许可不得转载。</li>
            {s?.drugInfoCert && <li>互联网药品信息服务资格证书编号：{s.drugInfoCert}。</li>}
          </ul>
        </section>
      </div>
    </>
  );
}
