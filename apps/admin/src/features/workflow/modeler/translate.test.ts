import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import locales from '../locales';
import { createTranslate, translateModule } from './translate';

const en = locales.en.modeler.bpmn;
const root = path.resolve(import.meta.dirname, '../../../../../../node_modules');

/** Every text bpmn-js 18 and diagram-js pass to `translate` (literal calls, popup entry labels, align options). */
function bpmnJsTexts(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) files.push(p);
    }
  };
  walk(path.join(root, 'bpmn-js/lib'));
  walk(path.join(root, 'diagram-js/lib'));
  const out = new Set<string>();
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    for (const m of src.matchAll(/\btranslate\(\s*(['"])((?:(?!\1).)+)\1\s*[,)]/gs)) out.add(m[2]);
    if (/PopupEntries\.js$|ReplaceOptions\.js$/.test(f)) for (const m of src.matchAll(/label: '([^']+)'/g)) out.add(m[1]);
    if (/AlignElementsMenuProvider\.js$/.test(f)) for (const a of ['left', 'center', 'right', 'top', 'middle', 'bottom']) out.add(`Align elements ${a}`);
  }
  for (const m of fs.readFileSync(path.join(root, 'bpmn-js/lib/features/modeling-feedback/ModelingFeedback.js'), 'utf8').matchAll(/_ERR_MSG = '([^']+)'/g)) out.add(m[1]);
  out.delete('HELLO {you}'); // the stub's documentation example
  for (const s of out) if (/^\s*\+/.test(s)) out.delete(s); // SVG `'translate(' + x + ','` in the renderer, not a text
  return [...out];
}

describe('bpmn-js translate module', () => {
  it('translates bpmn-js texts into the console language', () => {
    const zh = createTranslate(en, locales.zh.modeler.bpmn);
    expect(zh('Append task')).toBe('追加任务');
    expect(zh('Create start event')).toBe('创建开始事件');
    expect(zh('User task')).toBe('用户任务');
    expect(createTranslate(en, locales.ja.modeler.bpmn)('Exclusive gateway')).toBe('排他ゲートウェイ');
    expect(createTranslate(en, locales.es.modeler.bpmn)('Delete')).toBe('Eliminar');
  });

  it('fills placeholders, in the translation and in an unknown text alike', () => {
    const zh = createTranslate(en, locales.zh.modeler.bpmn);
    expect(zh('Open {element}', { element: '子流程A' })).toBe('打开 子流程A');
    expect(zh('Unknown {thing} here', { thing: 'x' })).toBe('Unknown x here');
    // a missing replacement leaves the placeholder as bpmn-js's own stub does
    expect(zh('Open {element}')).toBe('打开 {element}');
  });

  it('falls back to the English text when a text or a language is unknown or empty', () => {
    expect(createTranslate(en, locales.zh.modeler.bpmn)('Something new in bpmn-js 19')).toBe('Something new in bpmn-js 19');
    expect(createTranslate(en, undefined)('Append task')).toBe('Append task');
    expect(createTranslate(en, { appendTask: '  ' })('Append task')).toBe('Append task');
    expect(createTranslate(en, en)('Append task')).toBe('Append task');
  });

  it('covers every text bpmn-js and diagram-js translate, in zh, es and ja', () => {
    const texts = bpmnJsTexts();
    expect(texts.length).toBeGreaterThan(100);
    const known = new Set(Object.values(en));
    expect(texts.filter((s) => !known.has(s))).toEqual([]);
    for (const lang of ['zh', 'es', 'ja'] as const) {
      const tr = createTranslate(en, locales[lang].modeler.bpmn);
      expect(texts.filter((s) => !/\{/.test(s) && tr(s) === s)).toEqual([]);
    }
  });

  it('is a bpmn-js module overriding `translate`', () => {
    const fn = createTranslate(en, locales.zh.modeler.bpmn);
    expect(translateModule(fn)).toEqual({ translate: ['value', fn] });
  });
});
