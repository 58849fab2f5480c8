import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../platform/deps';
import { securityRoutes } from './security/routes';
import { auditRoutes } from './audit/routes';
import { systemRoutes } from './system/routes';
import { preferenceRoutes } from './system/preferences';
import { cmsRoutes } from './cms/routes';
import { organRoutes } from './organ/routes';
import { commonRoutes } from './common/routes';
import { gatewayRoutes } from './gateway/routes';
import { workflowRoutes } from './workflow/routes';
import { formsRoutes } from './forms/routes';
import { portalRoutes } from './portal/routes';
import { notificationRoutes } from './notification/routes';
import { searchRoutes } from './search/routes';
import { adrRoutes } from './adr/routes';
import { recruitRoutes } from './recruit/routes';

/** Every module's route plugin. A module adds itself here once. */
export const MODULES: FastifyPluginAsync<ModuleOptions>[] = [
  systemRoutes as FastifyPluginAsync<ModuleOptions>,
  preferenceRoutes as FastifyPluginAsync<ModuleOptions>,
  cmsRoutes as FastifyPluginAsync<ModuleOptions>,
  securityRoutes as FastifyPluginAsync<ModuleOptions>,
  auditRoutes as FastifyPluginAsync<ModuleOptions>,
  organRoutes as FastifyPluginAsync<ModuleOptions>,
  commonRoutes as FastifyPluginAsync<ModuleOptions>,
  gatewayRoutes as FastifyPluginAsync<ModuleOptions>,
  workflowRoutes as FastifyPluginAsync<ModuleOptions>,
  portalRoutes as FastifyPluginAsync<ModuleOptions>,
  notificationRoutes as FastifyPluginAsync<ModuleOptions>,
  formsRoutes as FastifyPluginAsync<ModuleOptions>,
  adrRoutes as FastifyPluginAsync<ModuleOptions>,
  recruitRoutes as FastifyPluginAsync<ModuleOptions>,
  searchRoutes as FastifyPluginAsync<ModuleOptions>,
];
