import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { StreamLanguage } from '@codemirror/language';
import { forceLinting, linter, lintGutter } from '@codemirror/lint';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { xml } from '@codemirror/lang-xml';
import { properties } from '@codemirror/legacy-modes/mode/properties';
import { checkSyntax } from './configSyntax';

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** the config type: yaml, json, xml and properties are highlighted and checked */
  type?: string;
  ariaLabel?: string;
  invalid?: boolean;
  /** the problem in the operator's language, from the parser's words */
  describe: (problem: NonNullable<ReturnType<typeof checkSyntax>>) => string;
}

const languageOf = (type: string | undefined): Extension => {
  switch (type) {
    case 'json': return json();
    case 'yaml': return yaml();
    case 'xml': case 'html': return xml();
    case 'properties': return StreamLanguage.define(properties);
    default: return [];
  }
};

const theme = EditorView.theme({
  '&': { border: '1px solid #d9d9d9', borderRadius: '6px', fontSize: '13px' },
  '&.cm-focused': { outline: 'none', borderColor: 'var(--ant-color-primary, #1677ff)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', minHeight: '280px', maxHeight: '50vh' },
});

/** CodeMirror 6 for a config's content: highlighting by type, the first syntax error marked inline. Loaded lazily. */
export default function CodeEditor({ value = '', onChange, type, ariaLabel, invalid, describe }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const language = useRef(new Compartment());
  const latest = useRef({ onChange, type, describe });
  latest.current = { onChange, type, describe };

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup, theme, lintGutter(),
          language.current.of(languageOf(type)),
          linter((v) => {
            const problem = checkSyntax(latest.current.type, v.state.doc.toString());
            if (!problem) return [];
            const to = Math.max(problem.to, Math.min(problem.from + 1, v.state.doc.length));
            return [{ from: problem.from, to, severity: 'error', message: latest.current.describe(problem) }];
          }, { delay: 250 }),
          EditorView.updateListener.of((u) => { if (u.docChanged) latest.current.onChange?.(u.state.doc.toString()); }),
          EditorView.contentAttributes.of({ 'aria-label': ariaLabel ?? '', spellcheck: 'false' }),
        ],
      }),
    });
    view.current = editor;
    return () => { editor.destroy(); view.current = null; };
    // created once; value and type follow in the effects below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({ effects: language.current.reconfigure(languageOf(type)) });
    forceLinting(editor);
  }, [type]);

  return <div ref={host} className="config-code-editor" aria-invalid={invalid || undefined} data-type={type} />;
}
