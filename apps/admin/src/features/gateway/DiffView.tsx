import { diffLines } from 'diff';

interface Cell { no: number | null; text: string; kind: 'same' | 'removed' | 'added' | 'empty' }

const lines = (s: string) => { const l = s.split('\n'); if (l[l.length - 1] === '') l.pop(); return l; };

/** Rows of a side-by-side view: removed lines next to the lines that replaced them. */
export function sideBySide(left: string, right: string): [Cell, Cell][] {
  const rows: [Cell, Cell][] = [];
  let ln = 1;
  let rn = 1;
  const parts = diffLines(left, right);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.removed) {
      const next = parts[i + 1]?.added ? parts[++i] : null;
      const a = lines(p.value);
      const b = next ? lines(next.value) : [];
      for (let k = 0; k < Math.max(a.length, b.length); k++) {
        rows.push([
          k < a.length ? { no: ln++, text: a[k], kind: 'removed' } : { no: null, text: '', kind: 'empty' },
          k < b.length ? { no: rn++, text: b[k], kind: 'added' } : { no: null, text: '', kind: 'empty' },
        ]);
      }
    } else if (p.added) {
      for (const text of lines(p.value)) rows.push([{ no: null, text: '', kind: 'empty' }, { no: rn++, text, kind: 'added' }]);
    } else {
      for (const text of lines(p.value)) rows.push([{ no: ln++, text, kind: 'same' }, { no: rn++, text, kind: 'same' }]);
    }
  }
  return rows;
}

const BG: Record<Cell['kind'], string | undefined> = { same: undefined, removed: 'rgba(255, 77, 79, 0.15)', added: 'rgba(82, 196, 26, 0.18)', empty: 'rgba(0, 0, 0, 0.03)' };

/** Two columns, line numbers, changed lines tinted (jsdiff's line diff). */
export function DiffView({ left, right, leftTitle, rightTitle }: { left: string; right: string; leftTitle: string; rightTitle: string }) {
  const rows = sideBySide(left, right);
  const cell = (c: Cell, key: string) => [
    <td key={`${key}n`} style={{ width: 40, textAlign: 'right', color: '#999', padding: '0 6px', userSelect: 'none', background: BG[c.kind] }}>{c.no ?? ''}</td>,
    <td key={`${key}t`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', padding: '0 8px', background: BG[c.kind], width: '50%' }}>{c.text}</td>,
  ];
  return (
    <div style={{ maxHeight: '60vh', overflow: 'auto', border: '1px solid rgba(0,0,0,0.1)' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontFamily: 'monospace', fontSize: 12 }}>
        <thead>
          <tr><th colSpan={2} style={{ textAlign: 'left', padding: 6 }}>{leftTitle}</th><th colSpan={2} style={{ textAlign: 'left', padding: 6 }}>{rightTitle}</th></tr>
        </thead>
        <tbody>{rows.map(([a, b], i) => <tr key={i}>{cell(a, 'a')}{cell(b, 'b')}</tr>)}</tbody>
      </table>
    </div>
  );
}
