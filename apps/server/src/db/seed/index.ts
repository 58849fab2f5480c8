import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { seedMenus } from './seedMenus';
import { seedCms } from './cms/index';
import { seedCmsEnglish } from './cms/seedEnglish';
import { seedOrgan } from './organ';
import { seedCommon } from './common/index';
import { seedGateway } from './gateway';
import { seedWorkflowAdmin } from './workflowAdmin';
import { seedWorkflow } from './workflow';
import { seedWorkflowTasks } from './workflowTasks';
import { seedPortal } from './portal';
import { seedSubmissions } from './submissions';
import { DEMO_ACCOUNTS, seedAdministrator, seedDemoAccounts, seedPolicyAndSuperRole } from './seedSecurity';

export type Seeder = (db: Db, cfg: AppConfig) => Promise<void>;

/**
 * Module seeds that run after the platform's, in order. Each is idempotent: it adds only what is
 * missing, so a second start changes nothing. Demo-only content checks `cfg.profile` itself.
 */
export const MODULE_SEEDERS: Seeder[] = [seedCms, seedCmsEnglish, seedOrgan, seedCommon, seedGateway, seedWorkflowAdmin, seedWorkflow, seedWorkflowTasks, seedPortal, seedSubmissions];

export async function seed(db: Db, cfg: AppConfig) {
  await seedPolicyAndSuperRole(db);
  await seedMenus(db);
  const production = cfg.profile === 'production';
  const createdAdmin = await seedAdministrator(db, production ? (cfg.adminPassword ?? '') : DEMO_ACCOUNTS[0].password);
  if (!production) await seedDemoAccounts(db);
  for (const s of MODULE_SEEDERS) await s(db, cfg);
  return seedSummary(cfg, createdAdmin);
}

/** what the start banner tells of a seed: whether it created the administrator, and the demo accounts */
export const seedSummary = (cfg: AppConfig, createdAdmin: boolean) => ({ createdAdmin, demoAccounts: cfg.profile === 'production' ? [] : DEMO_ACCOUNTS });
