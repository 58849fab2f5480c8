// Adds up the JSON reports of every test step and prints one closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
const failures = [];
const firstLine = (m) => String(m ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
/** the failed tests of a vitest JSON report (testResults[].assertionResults) or of Playwright's (suites → specs → tests) */
function failedOf(suite, r) {
  for (const t of r.testResults ?? []) {
    if (t.status === 'failed' && !(t.assertionResults ?? []).some((a) => a.status === 'failed')) failures.push(`${suite}: ${path.basename(t.name)}: ${firstLine(t.message)}`);
    for (const a of t.assertionResults ?? []) if (a.status === 'failed') failures.push(`${suite}: ${path.basename(t.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
  const walk = (s, file) => {
    for (const spec of s.specs ?? []) for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const last = t.results?.[t.results.length - 1];
      failures.push(`${suite}: ${file ?? s.file} › ${spec.title}: ${firstLine(last?.error?.message)}`);
    }
    for (const c of s.suites ?? []) walk(c, file ?? s.file);
  };
  for (const s of r.suites ?? []) walk(s);
}
console.log('\n=== Summary');
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let p, f, s;
  if (r.stats && 'expected' in r.stats) { p = r.stats.expected + r.stats.flaky; f = r.stats.unexpected; s = r.stats.skipped; }
  else { p = r.numPassedTests ?? 0; f = (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0); s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0); }
  console.log(`${file.replace(/\.json$/, '').padEnd(18)} ${p} passed, ${f} failed, ${s} skipped`);
  passed += p; failed += f; skipped += s;
  failedOf(file.replace(/\.json$/, ''), r);
}
if (failures.length) { console.log('Failed tests:'); for (const f of failures) console.log(`  ${f.slice(0, 400)}`); }
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
