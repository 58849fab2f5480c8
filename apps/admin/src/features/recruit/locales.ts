import { defineLocales } from '@/i18n/defineLocales';

export default defineLocales({
  en: {
    title: 'Job applications',
    file: 'Job applications',
    status: { new: 'New', shortlisted: 'Shortlisted', interviewed: 'Interviewed', hired: 'Hired', rejected: 'Rejected' },
    field: {
      job: 'Job', name: 'Name', phone: 'Mobile', email: 'E-mail', coverNote: 'Cover note', cv: 'CV', status: 'Status', createdAt: 'Received',
      keyword: 'Name, mobile or e-mail', reviewNote: 'Reviewer\'s note', reviewedBy: 'Reviewed by', nextStatus: 'Change status to',
    },
    jobOption: '{{title}} ({{n}})',
    action: { view: 'Review', save: 'Save review', close: 'Close', download: 'Download CV' },
    final: 'This application is settled; its status can no longer change.',
    saved: 'Review saved',
    consent: 'Consent given', policy: 'Privacy policy version {{version}} of {{time}}', noPolicy: 'No privacy policy was published',
  },
  zh: {
    title: '应聘申请',
    file: '应聘申请',
    status: { new: '新申请', shortlisted: '初筛通过', interviewed: '已面试', hired: '已录用', rejected: '未录用' },
    field: {
      job: '应聘职位', name: '姓名', phone: '手机号码', email: '电子邮箱', coverNote: '自我介绍', cv: '简历', status: '状态', createdAt: '投递时间',
      keyword: '姓名、手机或邮箱', reviewNote: '评语', reviewedBy: '审核人', nextStatus: '变更状态为',
    },
    jobOption: '{{title}}（{{n}}）',
    action: { view: '审核', save: '保存审核', close: '关闭', download: '下载简历' },
    final: '该申请已有结论，状态不能再变更。',
    saved: '审核已保存',
    consent: '同意声明', policy: '隐私政策第 {{version}} 版（{{time}}）', noPolicy: '当时未发布隐私政策',
  },
  es: {
    title: 'Candidaturas',
    file: 'Candidaturas',
    status: { new: 'Nueva', shortlisted: 'Preseleccionada', interviewed: 'Entrevistada', hired: 'Contratada', rejected: 'Rechazada' },
    field: {
      job: 'Puesto', name: 'Nombre', phone: 'Móvil', email: 'Correo electrónico', coverNote: 'Carta de presentación', cv: 'Currículum', status: 'Estado',
      createdAt: 'Recibida', keyword: 'Nombre, móvil o correo', reviewNote: 'Nota del revisor', reviewedBy: 'Revisada por', nextStatus: 'Cambiar el estado a',
    },
    jobOption: '{{title}} ({{n}})',
    action: { view: 'Revisar', save: 'Guardar revisión', close: 'Cerrar', download: 'Descargar currículum' },
    final: 'Esta candidatura está resuelta; su estado ya no puede cambiar.',
    saved: 'Revisión guardada',
    consent: 'Consentimiento dado', policy: 'Política de privacidad, versión {{version}} del {{time}}', noPolicy: 'No había política de privacidad publicada',
  },
  ja: {
    title: '応募管理',
    file: '応募一覧',
    status: { new: '新規', shortlisted: '書類選考通過', interviewed: '面接済み', hired: '採用', rejected: '不採用' },
    field: {
      job: '応募職種', name: '氏名', phone: '携帯電話', email: 'メールアドレス', coverNote: '自己PR', cv: '履歴書', status: '状態', createdAt: '応募日時',
      keyword: '氏名・電話・メール', reviewNote: '審査メモ', reviewedBy: '審査者', nextStatus: '変更後の状態',
    },
    jobOption: '{{title}}（{{n}}）',
    action: { view: '審査', save: '審査を保存', close: '閉じる', download: '履歴書をダウンロード' },
    final: 'この応募は結論が出ています。状態は変更できません。',
    saved: '審査を保存しました',
    consent: '同意内容', policy: 'プライバシーポリシー 第 {{version}} 版（{{time}}）', noPolicy: '当時プライバシーポリシーは公開されていませんでした',
  },
});
