// The production build of the server: src/ → dist/ as plain JavaScript that `node` runs without a TypeScript
// compiler. Our own code and the workspace packages (TypeScript sources, e.g. @bencao/contracts) are bundled;
// every npm package stays an import from node_modules. The SQL migrations are copied beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bencao/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: here,
  // flat in dist/: the gateway's workers are forked from dist/gatewayWorker.js next to dist/main.js (modules/gateway/workers.ts)
  entryPoints: {
    main: 'src/main.ts',
    gatewayWorker: 'src/modules/gateway/gatewayWorker.ts',
    db: 'src/ops/dbMain.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
fs.writeFileSync(path.join(dist, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');
console.log(`server built into ${path.relative(process.cwd(), dist) || '.'}`);
