/** The footer's link to the ADR form, apart from the forms' texts so the home bundle stays small. */
export const ADR_LINK = { zh: '报告药品不良反应', en: 'Report an adverse reaction' } as const;
