import { lazy } from 'react';

/** The form renderer as a lazy chunk: `<Suspense><LazyFormRenderer schema={…} /></Suspense>`. */
export const LazyFormRenderer = lazy(() => import('./FormRenderer'));
export type { FormRendererProps } from './FormRenderer';
export { submittedValues } from './values';
/** The form picker and permission grid of a workflow node, as a lazy chunk. */
export const LazyFormBindingEditor = lazy(() => import('./FormBindingEditor'));
export { issuesFromMessage, type FieldIssue } from './serverIssues';
