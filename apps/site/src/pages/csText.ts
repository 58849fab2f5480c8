import { pageText } from '../i18n/pageText';

/** The customer-service page's words. */
export const csText = pageText({
  zh: {
    title: '客户服务', subtitle: '用药咨询、产品质量反馈与合作洽谈',
    description: '本草制药客户服务：全国服务热线、服务时间、用药咨询与产品质量反馈、联系地址与电子邮箱。',
    hotline: '全国服务热线', hotlineFor: '产品咨询、质量反馈、订购与售后服务',
    consult: '用药咨询热线', consultFor: '合理用药、不良反应报告与药学服务',
    hours: '服务时间', daily: '每日 {v}', hoursNote: '法定节假日照常服务；非服务时间可发送邮件，我们将在下一个工作日回复。',
    contact: '联系我们', company: '公司名称', address: '公司地址', email: '电子邮箱',
    regulator: '药品不良反应可同时向当地药品监督管理部门报告。招标采购相关事宜请查看', bids: '招标采购', bidsAfter: '公告中的联系人。',
  },
  en: {
    title: 'Customer service', subtitle: 'Medication enquiries, product quality feedback and partnerships',
    description: 'Bencao Pharmaceutical customer service: national hotline, service hours, medication enquiries and quality feedback, address and e-mail.',
    hotline: 'National service hotline', hotlineFor: 'Product enquiries, quality feedback, orders and after-sales service',
    consult: 'Medication enquiry line', consultFor: 'Rational drug use, adverse reaction reports and pharmacy services',
    hours: 'Service hours', daily: 'Daily {v} (Beijing time)', hoursNote: 'Open on public holidays too; outside these hours, write to us and we reply on the next working day.',
    contact: 'Contact us', company: 'Company', address: 'Address', email: 'E-mail',
    regulator: 'Adverse drug reactions may also be reported to your local drug regulator. For procurement matters, see the contact person in the', bids: 'procurement', bidsAfter: 'notices.',
  },
});
