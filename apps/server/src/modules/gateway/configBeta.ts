import { eq } from 'drizzle-orm';
import type { ConfigBetaInput, ConfigInput } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwConfigBetas, gwConfigs } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { checkSyntax, configService, md5Of } from './configs';

/** an IPv4 client seen through an IPv6 socket reads `::ffff:10.0.0.1` */
function plainIp(ip: string) {
  return ip.trim().toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
export function sameIp(a: string, b: string) {
  return plainIp(a) === plainIp(b);
}

type ConfigRow = typeof gwConfigs.$inferSelect;

/**
 * Beta (gray) publish, as Nacos's: a second content for one config, answered to the listed client IPs
 * only; everyone else keeps the released content. Stopping drops it; promoting publishes it as the
 * release (an ordinary update, with its history row) and drops it.
 */
export function configBetaService(db: Db) {
  async function configOf(id: number) {
    const [c] = await db.select().from(gwConfigs).where(eq(gwConfigs.id, id));
    if (!c) throw notFound();
    return c;
  }

  async function get(configId: number) {
    await configOf(configId);
    const [b] = await db.select().from(gwConfigBetas).where(eq(gwConfigBetas.configId, configId));
    return b ?? null;
  }

  async function publish(configId: number, input: ConfigBetaInput, operator: string | null) {
    const c = await configOf(configId);
    checkSyntax(c.type, input.content);
    const values = { content: input.content, md5: md5Of(input.content), ips: input.ips, operator, updatedAt: new Date() };
    const [b] = await db.insert(gwConfigBetas).values({ configId, ...values })
      .onConflictDoUpdate({ target: gwConfigBetas.configId, set: values }).returning();
    return b;
  }

  async function stop(configId: number) {
    await configOf(configId);
    const rows = await db.delete(gwConfigBetas).where(eq(gwConfigBetas.configId, configId)).returning({ id: gwConfigBetas.id });
    if (!rows.length) throw new AppError(409, 'gateway.betaMissing');
    return true;
  }

  /** the beta becomes the release in one transaction: nobody sees the beta gone before the release changed */
  async function promote(configId: number, operator: string | null) {
    return db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const [b] = await t.select().from(gwConfigBetas).where(eq(gwConfigBetas.configId, configId));
      const c = await configService(t).get(configId);
      if (!b) throw new AppError(409, 'gateway.betaMissing');
      const r = await configService(t).update(configId, { ...c, type: c.type as ConfigInput['type'], content: b.content }, operator);
      await t.delete(gwConfigBetas).where(eq(gwConfigBetas.configId, configId));
      return r;
    });
  }

  /** what a client at `ip` reads of config `c`: the beta when its IP is listed, else the release */
  async function contentFor(c: ConfigRow, ip: string) {
    const [b] = await db.select().from(gwConfigBetas).where(eq(gwConfigBetas.configId, c.id));
    if (b && b.ips.some((x) => sameIp(x, ip))) return { content: b.content, md5: b.md5, beta: true };
    return { content: c.content, md5: c.md5, beta: false };
  }

  return { get, publish, stop, promote, contentFor };
}
