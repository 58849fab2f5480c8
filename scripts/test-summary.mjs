// Adds up the JSON reports of every test step and prints one closing line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
console.log('\n=== Summary');
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let p, f, s;
  if (r.stats && 'expected' in r.stats) { p = r.stats.expected + r.stats.flaky; f = r.stats.unexpected; s = r.stats.skipped; }
  else { p = r.numPassedTests ?? 0; f = (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0); s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0); }
  console.log(`${file.replace(/\.json$/, '').padEnd(18)} ${p} passed, ${f} failed, ${s} skipped`);
  passed += p; failed += f; skipped += s;
}
console.log(`Total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
