import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { adrReports, adrSequences, cmsArticles, recruitApplications } from '../schema/index';
import { localDiskStorage } from '../../modules/cms/storage';

/** A one-page PDF saying who the demo applicant is (a real, small document a viewer opens). */
function demoPdf(text: string) {
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const DEMO_IP = '203.0.113.10';

/** Demo profile only: a few ADR reports and job applications to review in the console. */
export async function seedSubmissions(db: Db, cfg: AppConfig) {
  if (cfg.profile === 'production') return;
  const reports: (typeof adrReports.$inferInsert)[] = [
    { reference: 'ADR-20261102-0001', productName: '板蓝根颗粒', batchNo: '20260815', patientAge: 34, patientSex: 'female', reaction: '服药后约 2 小时出现前胸散在红色皮疹，伴轻度瘙痒，停药后次日消退。', onsetDate: '2026-11-01', outcome: 'recovered', reporterName: '陈女士', contact: '13812345678', clientIp: DEMO_IP, createdAt: new Date('2026-11-02T02:15:00Z') },
    { reference: 'ADR-20261109-0001', productName: '银翘解毒片', batchNo: 'YQ2026-0712', patientAge: 61, patientSex: 'male', reaction: '连续服用 3 天后出现胃部不适、恶心，未呕吐，已停药观察。', onsetDate: '2026-11-07', outcome: 'improving', reporterName: '王先生', contact: 'wang.lao@example.com', status: 'reviewing', reviewComment: '已电话回访，待补充合并用药情况。', reviewedBy: 'admin', reviewedAt: new Date('2026-11-10T03:00:00Z'), clientIp: DEMO_IP, createdAt: new Date('2026-11-09T08:40:00Z') },
    { reference: 'ADR-20261116-0001', productName: '川贝枇杷糖浆', batchNo: 'CB20260901', patientAge: 8, patientSex: 'male', reaction: '家长反映服用后口渴，无其他不适，经核实为正常口感反应。', onsetDate: '2026-11-15', outcome: 'recovered', reporterName: '李女士', contact: '13987654321', status: 'closed', reviewComment: '经药师回访，不属于药品不良反应。', reviewedBy: 'admin', reviewedAt: new Date('2026-11-17T06:00:00Z'), clientIp: DEMO_IP, createdAt: new Date('2026-11-16T01:05:00Z') },
  ];
  await db.insert(adrReports).values(reports).onConflictDoNothing();
  await db.insert(adrSequences).values(reports.map((r) => ({ day: r.reference.slice(4, 12), last: 1 }))).onConflictDoNothing();

  if ((await db.select({ id: recruitApplications.id }).from(recruitApplications).limit(1)).length) return;
  const jobs = await db.select({ id: cmsArticles.id, key: cmsArticles.seedKey, title: cmsArticles.title }).from(cmsArticles)
    .where(inArray(cmsArticles.seedKey, ['job-01', 'job-02']));
  const job = (key: string) => jobs.find((j) => j.key === key);
  const store = localDiskStorage(path.join(cfg.dataDir, 'recruit-cv'));
  const people = [
    { job: 'job-01', name: '周雨桐', phone: '13700001111', email: 'zhou.yt@example.com', note: '中药制剂学硕士，两年提取工艺中试经验。', file: 'zhou-yutong-cv', status: 'shortlisted' as const, when: '2026-11-12T02:00:00Z' },
    { job: 'job-02', name: '林浩', phone: '13600002222', email: 'lin.hao@example.com', note: '熟悉液相色谱与数据完整性要求。', file: 'lin-hao-cv', status: 'new' as const, when: '2026-11-14T07:30:00Z' },
  ];
  for (const p of people) {
    const j = job(p.job);
    if (!j) continue;
    const bytes = demoPdf(`Curriculum vitae - demo applicant ${p.file}`);
    const key = `demo-${p.file}.pdf`;
    await store.put(key, bytes);
    await db.insert(recruitApplications).values({
      jobId: j.id, jobTitle: j.title, name: p.name, phone: p.phone, email: p.email, coverNote: p.note,
      cvKey: key, cvName: `${p.file}.pdf`, cvType: 'application/pdf', cvSize: bytes.length, status: p.status,
      clientIp: DEMO_IP, createdAt: new Date(p.when),
    });
  }
}
