import { pageText } from '../i18n/pageText';

/** The site self-check page's words. */
export const statusText = pageText({
  zh: {
    title: '站点自检', subtitle: '检查本站所依赖的公开接口是否可用',
    description: '本草制药网站运行状态自检：逐项检查公开接口是否可用及响应时间。',
    health: '服务健康检查', settings: '站点设置', columns: '导航栏目', news: '新闻列表', categories: '产品类别',
    checking: '正在检查…', allOk: '全部服务运行正常', someFailed: '部分服务暂不可用', caption: '接口检查结果',
    item: '检查项', api: '接口', result: '结果', time: '耗时', pending: '检查中', ok: '正常', offline: '无法连接',
    http: 'HTTP {status}', httpMsg: 'HTTP {status}：{msg}', again: '重新检查',
    browser: '浏览器：{device}，视口宽度 {width}px。', mobile: '移动端', desktop: '桌面端',
  },
  en: {
    title: 'Site self-check', subtitle: 'Checks that the public services this site relies on are answering',
    description: 'Bencao Pharmaceutical website self-check: each public service and how fast it answers.',
    health: 'Service health', settings: 'Site settings', columns: 'Navigation', news: 'News list', categories: 'Product categories',
    checking: 'Checking…', allOk: 'All services are working', someFailed: 'Some services are unavailable', caption: 'Service check results',
    item: 'Check', api: 'Endpoint', result: 'Result', time: 'Time', pending: 'Checking', ok: 'OK', offline: 'Cannot connect',
    http: 'HTTP {status}', httpMsg: 'HTTP {status}: {msg}', again: 'Check again',
    browser: 'Browser: {device}, viewport width {width}px.', mobile: 'mobile', desktop: 'desktop',
  },
});
