import { useLang, type SiteLang } from '../i18n';
import { ADR_LINK } from './adrLink';

/** The texts of the visitor's forms (ADR report, job application) in the site's two languages. */
const TEXT = {
  zh: {
    'adr.title': '药品不良反应报告',
    'adr.subtitle': '您的报告将由我公司药物警戒人员审核，并按规定上报药品监督管理部门',
    'adr.lead': '如出现呼吸困难、严重皮疹、意识改变等严重情况，请立即停药并就医。本表用于报告使用本公司产品后出现的可疑不良反应，您也可以直接向当地药品监督管理部门报告。',
    'adr.product': '产品', 'adr.productOther': '其他产品（手动填写）', 'adr.productName': '产品名称', 'adr.productPick': '请选择产品',
    'adr.batchNo': '批号', 'adr.batchHint': '见药品包装盒上的“产品批号”', 'adr.patientAge': '患者年龄（周岁）', 'adr.patientSex': '患者性别',
    'adr.sex.male': '男', 'adr.sex.female': '女', 'adr.reaction': '不良反应描述', 'adr.reactionHint': '请描述出现了什么症状、用药多久后出现、用药剂量以及已采取的处理措施',
    'adr.onsetDate': '发生日期', 'adr.outcome': '转归', 'adr.outcomePick': '请选择',
    'adr.outcome.recovered': '痊愈', 'adr.outcome.improving': '好转', 'adr.outcome.notRecovered': '未好转', 'adr.outcome.sequelae': '有后遗症', 'adr.outcome.death': '死亡', 'adr.outcome.unknown': '不详',
    'adr.reporterName': '报告人姓名', 'adr.contact': '联系方式', 'adr.contactHint': '手机号码或电子邮箱，便于我们回访核实',
    'adr.consent': '我同意本草制药为药物警戒目的处理以上信息，并在必要时联系我核实情况。',
    'adr.submit': '提交报告', 'adr.sending': '正在提交…', 'adr.done': '报告已提交', 'adr.reference': '报告编号：{ref}',
    'adr.doneText': '感谢您的报告。我们的药物警戒人员将在 3 个工作日内审核，必要时通过您留下的联系方式回访。请保存报告编号以便查询。',
    'adr.again': '再报告一例', 'adr.link': ADR_LINK.zh, 'adr.fromProduct': '使用本品后出现不适？',
    'form.required': '（必填）', 'form.fix': '请按提示修改后再提交。', 'form.privacyLink': '阅读《隐私政策》',
    'adr.onsetFuture': '发生日期不能晚于今天', 'form.patientGroup': '患者信息', 'form.reporterGroup': '报告人信息',
    'job.apply': '在线申请', 'job.applyTitle': '申请该职位', 'job.name': '姓名', 'job.phone': '手机号码', 'job.email': '电子邮箱',
    'job.coverNote': '自我介绍（选填）', 'job.cv': '简历', 'job.cvHint': 'PDF、DOC 或 DOCX 格式，不超过 5 MB。',
    'job.cvTooLarge': '简历文件不能超过 5 MB', 'job.cvType': '简历只能是 PDF、DOC 或 DOCX 文件', 'job.cvMissing': '请上传简历',
    'job.submit': '提交申请', 'job.sending': '正在提交…', 'job.done': '申请已提交',
    'job.doneText': '感谢您的关注！人力资源部将在 5 个工作日内完成简历筛选，合适者将电话或邮件通知面试。', 'job.closed': '该职位已截止招聘，暂不接收申请。',
    'cs.title': '客户服务', 'cs.back': '返回客户服务',
    'job.cancel': '取消', 'job.privacy': '您提交的简历仅用于本次招聘，不会对外公开。',
  },
  en: {
    'adr.title': 'Report an adverse drug reaction',
    'adr.subtitle': 'Our pharmacovigilance team reviews every report and passes it to the drug regulator as the law requires',
    'adr.lead': 'If you have trouble breathing, a severe rash or any change in consciousness, stop the medicine and see a doctor at once. Use this form to report a suspected reaction to one of our products; you may also report directly to your local drug regulator.',
    'adr.product': 'Product', 'adr.productOther': 'Another product (type its name)', 'adr.productName': 'Product name', 'adr.productPick': 'Choose a product',
    'adr.batchNo': 'Batch number', 'adr.batchHint': 'Printed on the package as “批号”', 'adr.patientAge': 'Patient’s age (years)', 'adr.patientSex': 'Patient’s sex',
    'adr.sex.male': 'Male', 'adr.sex.female': 'Female', 'adr.reaction': 'What happened', 'adr.reactionHint': 'The symptoms, how long after taking the medicine they began, the dose, and what was done',
    'adr.onsetDate': 'Onset date', 'adr.outcome': 'Outcome', 'adr.outcomePick': 'Choose',
    'adr.outcome.recovered': 'Recovered', 'adr.outcome.improving': 'Improving', 'adr.outcome.notRecovered': 'Not recovered', 'adr.outcome.sequelae': 'Recovered with sequelae', 'adr.outcome.death': 'Death', 'adr.outcome.unknown': 'Unknown',
    'adr.reporterName': 'Your name', 'adr.contact': 'Contact', 'adr.contactHint': 'A mobile number or e-mail address, so we can follow up',
    'adr.consent': 'I agree that Bencao processes this information for pharmacovigilance and may contact me to verify it.',
    'adr.submit': 'Send report', 'adr.sending': 'Sending…', 'adr.done': 'Report received', 'adr.reference': 'Reference: {ref}',
    'adr.doneText': 'Thank you. Our pharmacovigilance team reviews reports within 3 working days and may contact you. Keep the reference number for any enquiry.',
    'adr.again': 'Report another case', 'adr.link': ADR_LINK.en, 'adr.fromProduct': 'Felt unwell after taking this product?',
    'form.required': ' (required)', 'form.fix': 'Please correct the marked fields and send again.', 'form.privacyLink': 'Read the Privacy Policy',
    'adr.onsetFuture': 'The onset date cannot be after today', 'form.patientGroup': 'Patient', 'form.reporterGroup': 'Reporter',
    'job.apply': 'Apply online', 'job.applyTitle': 'Apply for this job', 'job.name': 'Name', 'job.phone': 'Mobile number', 'job.email': 'E-mail',
    'job.coverNote': 'Cover note (optional)', 'job.cv': 'CV', 'job.cvHint': 'PDF, DOC or DOCX, at most 5 MB.',
    'job.cvTooLarge': 'The CV must not be larger than 5 MB', 'job.cvType': 'The CV must be a PDF, DOC or DOCX file', 'job.cvMissing': 'Attach your CV',
    'job.submit': 'Send application', 'job.sending': 'Sending…', 'job.done': 'Application received',
    'job.doneText': 'Thank you for your interest. Human Resources screens applications within 5 working days and will call or write to arrange an interview.', 'job.closed': 'This job is closed and no longer takes applications.',
    'cs.title': 'Customer service', 'cs.back': 'Back to customer service',
    'job.cancel': 'Cancel', 'job.privacy': 'Your CV is used for this recruitment only and is never published.',
  },
} as const;
export type SubmissionKey = keyof (typeof TEXT)['zh'];

export function submissionText(lang: SiteLang, key: SubmissionKey, params?: Record<string, string>) {
  const text: string = TEXT[lang][key] ?? TEXT.zh[key];
  return params ? text.replace(/\{(\w+)\}/g, (all, k: string) => params[k] ?? all) : text;
}

export function useSubmissionText() {
  const lang = useLang();
  return { lang, st: (key: SubmissionKey, params?: Record<string, string>) => submissionText(lang, key, params) };
}
