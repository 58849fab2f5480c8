import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../platform/deps';
import { securityRoutes } from './security/routes';
import { auditRoutes } from './audit/routes';
import { systemRoutes } from './system/routes';
import { cmsRoutes } from './cms/routes';

/** Every module's route plugin. A module adds itself here once. */
export const MODULES: FastifyPluginAsync<ModuleOptions>[] = [
  systemRoutes as FastifyPluginAsync<ModuleOptions>,
  cmsRoutes as FastifyPluginAsync<ModuleOptions>,
  securityRoutes as FastifyPluginAsync<ModuleOptions>,
  auditRoutes as FastifyPluginAsync<ModuleOptions>,
];
