/**
 * Menu tree → routes for 10,000 items (DESIGN budget ≤ 10 ms): the console's pure conversion
 * (apps/admin/src/app/router), on a generated tree of 100 groups × 99 leaves with actions.
 * Baseline in the same run: a plain copy of the same array, so the figure can be compared.
 * Run: npx tsx bench/menu-routes.ts
 */
import type { MenuItem } from '@bencao/contracts';
import { buildMenuRoutes, flattenRoutes } from '../apps/admin/src/app/router/menuRoutes';

const GROUPS = 100;
const LEAVES = 99;
const RUNS = 50;

function tree(): MenuItem[] {
  const items: MenuItem[] = [];
  let id = 1;
  for (let g = 0; g < GROUPS; g++) {
    const groupId = id++;
    items.push({ menuId: groupId, parentId: null, menuCode: `g${g}`, menuName: `Group ${g}`, path: null, scheme: '/', icon: null, level: 1, authority: null, target: null, seq: g, actionList: [] });
    for (let l = 0; l < LEAVES; l++) {
      const code = `m${g}_${l}`;
      items.push({
        menuId: id++, parentId: groupId, menuCode: code, menuName: `Screen ${g}.${l}`, path: l % 2 ? `opt/g${g}/s${l}` : `g${g}/s${l}`, scheme: '/',
        icon: null, level: 2, authority: `a:${code}`, target: null, seq: LEAVES - l,
        actionList: [{ actionName: 'Edit', actionCode: `a:${code}:edit`, resourceList: l % 10 === 0 ? [{ path: `opt/g${g}/s${l}/edit`, authorityId: 'x' }] : [] }],
      });
    }
  }
  return items;
}

function time(fn: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)], p95: samples[Math.floor(RUNS * 0.95)], max: samples[RUNS - 1] };
}

const items = tree();
for (let i = 0; i < 5; i++) buildMenuRoutes(items); // warm-up
const base = time(() => items.map((m) => ({ ...m })));
const conv = time(() => buildMenuRoutes(items));
const routes = flattenRoutes(buildMenuRoutes(items)).length;
const f = (n: number) => `${n.toFixed(2)} ms`;
console.log(`menu → routes: ${items.length} menu items → ${routes} routes, ${RUNS} runs`);
console.log(`  baseline (copy of the array)  median ${f(base.median)}  p95 ${f(base.p95)}`);
console.log(`  buildMenuRoutes               median ${f(conv.median)}  p95 ${f(conv.p95)}  max ${f(conv.max)}  (${(conv.median / base.median).toFixed(1)}× the copy)`);
console.log(`  budget ≤ 10 ms (median): ${conv.median <= 10 ? 'PASS' : 'OVER'}`);
