// The production build of the server: src/ → dist/ as plain JavaScript that `node` runs without a TypeScript
// compiler. Our own code and the workspace packages (TypeScript sources, e.g. @bencao/contracts) are bundled;
// every npm package stays an import from node_modules. The SQL migrations are copied beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
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

// Libraries only some requests use (spreadsheets, the SQL import, HTML cleaning, mail, images) are loaded at their
// first use instead of at start: about a third of loading the modules (docs/PERFORMANCE.md, "Start time"). Each is a
// CommonJS package used through its default export, which becomes a stand-in that requires the package when first
// touched (a property read, a call, `new`). Their top level must not touch them (importExport.ts makes its parser late).
const LAZY_PACKAGES = ['exceljs', 'node-sql-parser', 'sanitize-html', 'nodemailer', 'sharp'];
const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${LAZY_PACKAGES.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'lazy-package' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => ({
      resolveDir: here,
      contents: `import { createRequire } from 'node:module';
let loaded;
const real = () => (loaded ??= createRequire(import.meta.url)(${JSON.stringify(args.path)}));
export default new Proxy(function lazyPackage() {}, {
  get: (_t, key) => Reflect.get(real(), key),
  has: (_t, key) => Reflect.has(real(), key),
  apply: (_t, self, args) => Reflect.apply(real(), self, args),
  construct: (_t, args) => Reflect.construct(real(), args),
});
`,
    }));
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
  plugins: [lazyPackages, npmPackagesExternal],
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
await embeddedTemplate();
fs.writeFileSync(path.join(dist, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');
console.log(`server built into ${path.relative(process.cwd(), dist) || '.'}`);

/**
 * An empty embedded cluster as PGlite's own gzipped data-folder dump: a fresh DATA_DIR starts from it (db/client.ts)
 * instead of running initdb in WebAssembly, a large part of a first start (docs/PERFORMANCE.md, "Start time"). Made
 * once per PGlite version and kept in node_modules/.cache, since dist/ is made anew by every build.
 */
async function embeddedTemplate() {
  const require = createRequire(import.meta.url);
  const pkg = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const version = JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
  const cache = path.join(here, '../../node_modules/.cache/bencao', `pgdata-template-${version}.tar.gz`);
  if (!fs.existsSync(cache)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = new PGlite({ extensions: { pg_trgm } });
    await db.waitReady;
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    fs.writeFileSync(`${cache}.tmp`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${cache}.tmp`, cache);
  }
  fs.copyFileSync(cache, path.join(dist, 'pgdata-template.tar.gz'));
}
