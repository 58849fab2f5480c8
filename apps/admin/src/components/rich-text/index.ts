import { lazy } from 'react';

/** The TipTap editor as a lazy chunk: `<Suspense><LazyRichTextEditor labels={…} /></Suspense>`. */
export const LazyRichTextEditor = lazy(() => import('./RichTextEditor'));
export type { RichTextEditorProps, RichTextImage, RichTextLabels } from './RichTextEditor';
