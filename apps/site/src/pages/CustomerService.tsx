import { Link } from 'react-router';
import { useSettings } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { PageHead } from '../ui/PageHead';
import { Loading } from '../ui/States';
import { AdrEntry } from './AdrEntry';

const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;

/** Customer service: hotlines, hours, address and what each line is for. */
export default function CustomerService() {
  useDocumentMeta('客户服务', '本草制药客户服务：全国服务热线、服务时间、用药咨询与产品质量反馈、联系地址与电子邮箱。');
  const s = useSettings().data;
  return (
    <>
      <PageHead title="客户服务" subtitle="用药咨询、产品质量反馈与合作洽谈" crumbs={[{ label: '客户服务' }]} />
      <div className="container section">
        {!s ? <Loading /> : (
          <div className="grid grid-3 cs-grid">
            {s.hotlines.map((h, i) => (
              <section key={h} className="cs-card" aria-labelledby={`hl-${i}`}>
                <h2 id={`hl-${i}`}>{i === 0 ? '全国服务热线' : '用药咨询热线'}</h2>
                <a className="cs-phone" href={tel(h)}>{h}</a>
                <p>{i === 0 ? '产品咨询、质量反馈、订购与售后服务' : '合理用药、不良反应报告与药学服务'}</p>
              </section>
            ))}
            <section className="cs-card" aria-labelledby="hours">
              <h2 id="hours">服务时间</h2>
              <p className="cs-hours">每日 {s.serviceHours || '9:00-21:00'}</p>
              <p>法定节假日照常服务；非服务时间可发送邮件，我们将在下一个工作日回复。</p>
            </section>
          </div>
        )}
        {s && (
          <section className="contact-box" aria-labelledby="contact-title">
            <h2 id="contact-title" className="section-title">联系我们</h2>
            <dl className="facts">
              <div><dt>公司名称</dt><dd>{s.companyName}</dd></div>
              {s.address && <div><dt>公司地址</dt><dd>{s.address}</dd></div>}
              {s.email && <div><dt>电子邮箱</dt><dd><a href={`mailto:${s.email}`}>{s.email}</a></dd></div>}
            </dl>
            <p className="muted">
              药品不良反应可同时向当地药品监督管理部门报告。招标采购相关事宜请查看 <Link to={`/bidReport${s.biddingColumnId != null ? `?id=${s.biddingColumnId}` : ''}`}>招标采购</Link> 公告中的联系人。
            </p>
          </section>
        )}
        <AdrEntry />
      </div>
    </>
  );
}
