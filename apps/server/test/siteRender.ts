import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { AppConfig } from '../src/config';
import { ssrPath } from '../src/modules/cms/seo';

/** The site's page render is part of its build (`npm run build -w @bencao/site`): built here when absent. */
export function ensureSiteRender(config: AppConfig) {
  if (fs.existsSync(ssrPath(config))) return;
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/ssr.tsx', '--outDir', 'dist-ssr'], { cwd: path.resolve(__dirname, '../../site'), stdio: 'ignore' });
}
