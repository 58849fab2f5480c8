import { eq } from 'drizzle-orm';
import { PRIVACY_PAGE_SLUG, articleInputSchema, articleTranslationSchemaOf } from '@bencao/contracts';
import type { Db } from '../../client';
import { cmsArticles, cmsArticleVersions, cmsTranslations } from '../../schema/index';
import { sanitizeBody } from '../../../modules/cms/sanitize';

const h2 = (t: string) => `<h2>${t}</h2>`;
const p = (...parts: string[]) => parts.map((x) => (x.startsWith('<') ? x : `<p>${x}</p>`)).join('');
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** 个人信息保护政策 (PIPL): what the site's two forms collect, why, how long it is kept, the visitor's rights, whom to ask. */
const ZH = {
  title: '隐私政策',
  summary: '本草制药股份有限公司如何收集、使用、保存和保护您通过本网站提交的个人信息，以及您享有的权利。',
  body: p(
    '本草制药股份有限公司（以下简称“我们”）依据《中华人民共和国个人信息保护法》《中华人民共和国药品管理法》及《药物警戒质量管理规范》处理您通过本网站提交的个人信息。本政策说明我们收集哪些信息、为何收集、保存多久，以及您如何行使权利。',
    h2('一、我们收集的信息'),
    ul(
      '<strong>药品不良反应报告</strong>：产品名称与批号、患者年龄与性别、不良反应的描述、发生日期与转归，以及报告人姓名和联系方式（手机号码或电子邮箱）。其中患者的健康信息属于<strong>敏感个人信息</strong>。',
      '<strong>在线职位申请</strong>：姓名、手机号码、电子邮箱、自我介绍和您上传的简历文件（简历中可能含有教育、工作经历等信息）。',
      '<strong>技术信息</strong>：为防止滥用，我们记录提交时的网络地址和时间。本网站不使用广告或跟踪类 Cookie。',
    ),
    h2('二、处理目的与法律依据'),
    ul(
      '不良反应报告仅用于药物警戒：评估药品安全性、必要时回访核实，并依法向药品监督管理部门上报。处理依据为您的单独同意及我们履行法定义务所必需。',
      '职位申请仅用于招聘：筛选简历、联系面试和录用。处理依据为您的同意。',
      '我们不会将您的信息用于营销，也不会出售给任何第三方。',
    ),
    h2('三、保存期限'),
    ul(
      '不良反应报告及相关记录依照药物警戒法规至少保存至药品批准证明文件有效期届满后 10 年。',
      '职位申请在招聘结束后保存 1 年，便于后续合适职位与您联系；期满后删除或匿名化。您可随时要求提前删除。',
    ),
    h2('四、共享与安全'),
    '仅经授权的药物警戒人员和人力资源人员可查看相应信息，简历文件不对外公开。不良反应报告会按法规要求报送药品监督管理部门。我们采用访问控制、加密传输和操作日志等措施保护您的信息；您的信息存储于中华人民共和国境内。',
    h2('五、您的权利'),
    ul(
      '查阅、复制您的个人信息；',
      '更正或补充不准确的信息；',
      '撤回同意（不影响撤回前基于同意已进行的处理）；',
      '要求删除您的个人信息（法律法规要求保存的除外）；',
      '要求我们解释本政策。',
    ),
    '我们将在收到请求后 15 个工作日内答复。',
    h2('六、联系我们'),
    '个人信息保护负责人：本草制药股份有限公司 法务合规部。邮箱 privacy@bencao.example.com，电话 400-826-1987，地址 浙江省杭州市余杭区本草大道 88 号。',
    h2('七、政策更新'),
    '本政策更新后将在本页面发布，页面所示版本即为当前有效版本。您提交职位申请时，我们会记录您同意的版本。',
  ),
};

const EN = {
  title: 'Privacy Policy',
  summary: 'How Bencao Pharmaceutical Co., Ltd. collects, uses, keeps and protects the personal information you send through this website, and your rights.',
  body: p(
    'Bencao Pharmaceutical Co., Ltd. (“we”) processes the personal information you send through this website under the Personal Information Protection Law of the People’s Republic of China, the Drug Administration Law and the Good Pharmacovigilance Practice. This policy says what we collect, why, how long we keep it and how you exercise your rights.',
    h2('1. What we collect'),
    ul(
      '<strong>Adverse drug reaction reports</strong>: the product and batch number, the patient’s age and sex, a description of the reaction, its onset date and outcome, and the reporter’s name and contact (mobile number or e-mail). The patient’s health information is <strong>sensitive personal information</strong>.',
      '<strong>Job applications</strong>: name, mobile number, e-mail, cover note and the CV you upload (which may hold your education and work history).',
      '<strong>Technical data</strong>: to prevent abuse we record the network address and time of each submission. This website uses no advertising or tracking cookies.',
    ),
    h2('2. Purposes and legal basis'),
    ul(
      'Reaction reports are used for pharmacovigilance only: assessing the safety of our medicines, following up with you when needed, and reporting to the drug regulator as the law requires. The basis is your separate consent and our legal obligations.',
      'Applications are used for recruitment only: screening, arranging interviews and hiring. The basis is your consent.',
      'We never use your information for marketing and never sell it.',
    ),
    h2('3. How long we keep it'),
    ul(
      'Reaction reports and their records are kept as pharmacovigilance rules require, at least 10 years after the product’s marketing authorisation ends.',
      'Applications are kept for 1 year after the recruitment closes, so we can contact you about suitable openings, and then deleted or anonymised. You may ask us to delete yours earlier at any time.',
    ),
    h2('4. Sharing and security'),
    'Only authorised pharmacovigilance and human-resources staff see the information they need; CVs are never published. Reaction reports are passed to the drug regulator as required. Access control, encrypted transfer and audit logs protect your information, which is stored in the People’s Republic of China.',
    h2('5. Your rights'),
    ul(
      'to see and copy your personal information;',
      'to correct or complete it;',
      'to withdraw your consent (processing before the withdrawal stays lawful);',
      'to have it deleted (except where the law requires us to keep it);',
      'to have this policy explained.',
    ),
    'We answer requests within 15 working days.',
    h2('6. Contact'),
    'Personal information protection: Legal and Compliance Department, Bencao Pharmaceutical Co., Ltd. E-mail privacy@bencao.example.com, telephone 400-826-1987, 88 Bencao Avenue, Yuhang District, Hangzhou, Zhejiang, China.',
    h2('7. Changes'),
    'Changes to this policy are published on this page; the version shown here is the one in force. When you apply for a job we record the version you agreed to.',
  ),
};

const SEED_KEY = 'page-privacy';

/**
 * The privacy policy page (slug `privacy`), in Chinese and English, published: every profile needs it, since
 * the site's forms link to it and job applications record its version. Added only when missing.
 */
export async function seedPrivacyPage(db: Db) {
  const [found] = await db.select({ id: cmsArticles.id }).from(cmsArticles).where(eq(cmsArticles.slug, PRIVACY_PAGE_SLUG));
  if (found) return;
  const input = articleInputSchema.parse({
    kind: 'page', title: ZH.title, summary: ZH.summary, body: ZH.body, coverId: null, columnId: null, slug: PRIVACY_PAGE_SLUG,
    seoTitle: '', seoDescription: ZH.summary, seq: 0, publishAt: null, unpublishAt: null, fields: { subtitle: '', highlights: [], timeline: [] },
  });
  const en = articleTranslationSchemaOf('page').parse({ ...EN, seoTitle: '', seoDescription: EN.summary, fields: {} });
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(cmsArticles).values({
      kind: 'page', title: input.title, summary: input.summary, body: sanitizeBody(input.body), slug: input.slug, seoDescription: input.seoDescription,
      fields: input.fields, status: 'published', publishedAt: new Date(), seedKey: SEED_KEY, createdBy: 'system', updatedBy: 'system',
    }).onConflictDoNothing().returning();
    if (!row) return;
    await tx.insert(cmsArticleVersions).values({ articleId: row.id, version: 1, action: 'create', title: row.title, status: row.status, snapshot: input, createdBy: 'system' });
    await tx.insert(cmsTranslations).values({ articleId: row.id, lang: 'en', content: { ...en, body: sanitizeBody(en.body) }, updatedBy: 'system' });
  });
}
