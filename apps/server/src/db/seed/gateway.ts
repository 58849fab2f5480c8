import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { gwConfigHistory, gwConfigs, gwNamespaces, gwServices } from '../schema/index';
import { md5Of } from '../../modules/gateway/configs';

/**
 * The "public" namespace every config centre has; in the demo profile also a second namespace,
 * one config and one service (its instances are whatever applications register).
 */
export async function seedGateway(db: Db, cfg: AppConfig) {
  await db.insert(gwNamespaces).values({ id: 'public', showName: 'public', description: 'Default namespace' }).onConflictDoNothing();
  if (cfg.profile === 'production') return;
  await db.insert(gwNamespaces).values({ id: 'dev', showName: 'Development', description: 'Configs of the development environment' }).onConflictDoNothing();
  const content = [
    'server:',
    '  port: 9001',
    'bencao:',
    '  greeting: Hello from the Bencao config centre',
    '  feature:',
    '    new-catalogue: true',
    '',
  ].join('\n');
  const key = and(eq(gwConfigs.namespaceId, 'public'), eq(gwConfigs.dataId, 'demo-service.yaml'), eq(gwConfigs.group, 'DEFAULT_GROUP'));
  const [have] = await db.select({ id: gwConfigs.id }).from(gwConfigs).where(key);
  if (!have) {
    const row = {
      namespaceId: 'public', dataId: 'demo-service.yaml', group: 'DEFAULT_GROUP', appName: 'demo-service', tags: 'demo',
      description: 'Settings of the demo service', type: 'yaml' as const, content, md5: md5Of(content),
    };
    await db.insert(gwConfigs).values({ ...row, createdBy: 'admin', updatedBy: 'admin' });
    await db.insert(gwConfigHistory).values({ ...row, opType: 'insert', operator: 'admin' });
  }
  await db.insert(gwServices).values({ name: 'demo-service', group: 'DEFAULT_GROUP', protectThreshold: 0.5, healthCheck: 'none', metadata: { owner: 'platform team' } })
    .onConflictDoNothing();
}
