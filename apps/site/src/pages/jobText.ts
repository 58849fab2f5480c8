import { pageText } from '../i18n/pageText';

/** The job detail page's words. */
export const jobText = pageText({
  zh: {
    title: '{title} — 招聘', detail: '职位详情', what: '职位', back: '返回职位列表',
    department: '所属部门', location: '工作地点', headcount: '招聘人数', people: '{n} 人', education: '学历要求',
    experience: '工作经验', period: '招聘时间', range: '{from} 至 {to}', duties: '岗位职责', requirements: '任职要求', contact: '应聘方式',
    salary: '薪资', monthly: '{range} 元/月',
  },
  en: {
    title: '{title} — Careers', detail: 'Job details', what: 'Job', back: 'Back to job openings',
    department: 'Department', location: 'Location', headcount: 'Openings', people: '{n}', education: 'Education',
    experience: 'Experience', period: 'Recruiting', range: '{from} to {to}', duties: 'Responsibilities', requirements: 'Requirements', contact: 'How to apply',
    salary: 'Salary', monthly: 'CNY {range} a month',
  },
});
