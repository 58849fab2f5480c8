import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Run from the sources (tsx, vitest) this file is src/platform/runtimePaths.ts; in the production build
// (build.mjs) it is bundled into dist/main.js (or a sibling entry), so the folders are found from there.
const here = fileURLToPath(import.meta.url);
export const runsBuilt = !here.endsWith('.ts');

/** apps/server */
export const serverDir = path.resolve(path.dirname(here), runsBuilt ? '..' : '../..');
/** the repository's root (the console's and the site's builds are found from it) */
export const repoRoot = path.resolve(serverDir, '../..');
/** drizzle-kit's SQL migrations and their journal: copied into dist/ by the build */
export const migrationsFolder = runsBuilt ? path.join(serverDir, 'dist', 'migrations') : path.join(serverDir, 'src', 'db', 'migrations');
/** the production build's empty embedded cluster (build.mjs), from which a fresh DATA_DIR starts; none from the sources */
export const embeddedTemplate = runsBuilt ? path.join(serverDir, 'dist', 'pgdata-template.tar.gz') : null;
