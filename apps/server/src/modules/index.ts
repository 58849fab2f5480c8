import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../platform/deps';
import { systemRoutes } from './system/routes';

/** Every module's route plugin. A module adds itself here once. */
export const MODULES: FastifyPluginAsync<ModuleOptions>[] = [
  systemRoutes as FastifyPluginAsync<ModuleOptions>,
];
