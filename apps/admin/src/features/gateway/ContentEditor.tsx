import { lazy, Suspense } from 'react';
import { Input } from 'antd';
import type { CodeEditorProps } from './CodeEditor';

// CodeMirror and the parsers load with the first opened config, not with the list
const CodeEditor = lazy(() => import('./CodeEditor'));

/** The config content field: the code editor once loaded, a plain text area until then. */
export function ContentEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Input.TextArea rows={14} value={props.value} readOnly style={{ fontFamily: 'monospace' }} aria-busy />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
