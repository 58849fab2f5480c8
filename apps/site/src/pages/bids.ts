export const BID_TYPE_LABEL: Record<string, string> = { tender: '招标公告', change: '变更公告', result: '结果公告' };
