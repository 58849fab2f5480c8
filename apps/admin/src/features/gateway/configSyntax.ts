import { parseDocument } from 'yaml';
import { XMLValidator } from 'fast-xml-parser';
import { jsonLanguage } from '@codemirror/lang-json';

/** The first syntax error of a config's content: where it is (1-based line/column, offsets) and the parser's words. */
export interface SyntaxProblem { line: number; col: number; from: number; to: number; reason: string }

const lineStarts = (text: string) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};

function atOffset(text: string, offset: number, reason: string, length = 1): SyntaxProblem {
  const from = Math.max(0, Math.min(offset, text.length));
  const starts = lineStarts(text);
  let line = starts.length - 1;
  while (line > 0 && starts[line] > from) line--;
  return { line: line + 1, col: from - starts[line] + 1, from, to: Math.min(text.length, from + length), reason };
}

function atLine(text: string, line: number, col: number, reason: string): SyntaxProblem {
  const starts = lineStarts(text);
  const start = starts[Math.min(Math.max(line, 1), starts.length) - 1];
  return atOffset(text, start + Math.max(col, 1) - 1, reason);
}

/** Where the JSON grammar first fails (V8 names no position for an unexpected token). */
function firstErrorNode(text: string): number {
  let at = text.length;
  jsonLanguage.parser.parse(text).iterate({ enter: (n) => { if (n.type.isError && n.from < at) at = n.from; } });
  return at;
}

function checkJson(text: string): SyntaxProblem | null {
  try { JSON.parse(text); return null; } catch (e) {
    const reason = (e as Error).message;
    const lc = /line (\d+) column (\d+)/.exec(reason);
    if (lc) return atLine(text, Number(lc[1]), Number(lc[2]), reason.replace(/\s*\(line \d+ column \d+\)/, ''));
    const pos = /position (\d+)/.exec(reason);
    return atOffset(text, pos ? Number(pos[1]) : firstErrorNode(text), reason.replace(/, ".*" is not valid JSON$/s, ''));
  }
}

function checkYaml(text: string): SyntaxProblem | null {
  const err = parseDocument(text, { prettyErrors: false }).errors[0];
  if (!err) return null;
  const [from, to] = err.pos;
  return { ...atOffset(text, from, err.message.split('\n')[0], Math.max(1, to - from)) };
}

function checkXml(text: string): SyntaxProblem | null {
  const result = XMLValidator.validate(text);
  return result === true ? null : atLine(text, result.err.line, result.err.col, result.err.msg);
}

/** .properties: every entry needs a key, and a \u escape needs four hex digits (java.util.Properties refuses it otherwise). */
function checkProperties(text: string): SyntaxProblem | null {
  const lines = text.split('\n');
  let offset = 0;
  let continued = false;
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    const body = line.trimStart();
    const isComment: boolean = !continued && (body.startsWith('#') || body.startsWith('!'));
    if (!isComment && body) {
      if (!continued && /^[=:]/.test(body)) return atOffset(text, offset + line.length - body.length, 'missing key before "="');
      const bad = /\\u(?![0-9a-fA-F]{4})/.exec(line);
      if (bad) return atOffset(text, offset + bad.index, 'malformed \\uXXXX escape', 2);
    }
    continued = !isComment && /(^|[^\\])(\\\\)*\\$/.test(line);
    offset += raw.length + 1;
  }
  return null;
}

const CHECKERS: Partial<Record<string, (text: string) => SyntaxProblem | null>> = { json: checkJson, yaml: checkYaml, xml: checkXml, properties: checkProperties };

/** The first syntax error of `text` read as a config of `type`; null when it parses (text and html are not checked). */
export function checkSyntax(type: string | undefined, text: string): SyntaxProblem | null {
  const check = CHECKERS[type ?? 'text'];
  return check && text.trim() ? check(text) : null;
}
