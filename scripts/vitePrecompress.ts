import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Writes .br and .gz beside every text asset of a build, so the server (@fastify/static
 * `preCompressed`) sends them without compressing per request. Used by the console and the site.
 */
/** The part of Vite's plugin interface this uses (vite itself is installed per app, not at the root). */
interface BuildPlugin {
  name: string;
  apply: 'build';
  configResolved(c: { root: string; build: { outDir: string } }): void;
  closeBundle(): void;
}

export function precompress(): BuildPlugin {
  let outDir = 'dist';
  return {
    name: 'bencao-precompress',
    apply: 'build',
    configResolved(c: { root: string; build: { outDir: string } }) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|txt|json)$/.test(file) || fs.statSync(file).size < 1024) continue;
        const buf = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(buf, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
