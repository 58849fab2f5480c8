import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, accounts } from '../../db/schema/index';
import { hashToken, newId, newToken } from '../tokens';

export type EndReason = 'logout' | 'kicked' | 'replaced' | 'expired' | 'passwordChanged' | 'locked';

export interface SessionConfig {
  idleMinutes: number;
  refreshDays: number;
}

export interface SessionRow {
  id: string;
  accountId: number;
  userId: string;
  userName: string;
  isAdmin: boolean;
  mustChangePassword: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  endReason: string | null;
}

const minutes = (n: number) => n * 60_000;

export function sessionStore(db: Db, cfg: SessionConfig) {
  async function create(accountId: number, ip: string, userAgent: string | undefined, maxSessions: number) {
    const now = new Date();
    if (maxSessions > 0) {
      // Past the limit the oldest sessions end, so the new one fits.
      const active = await db.select({ id: sessions.id }).from(sessions)
        .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
        .orderBy(asc(sessions.createdAt));
      const excess = active.length - (maxSessions - 1);
      for (const s of active.slice(0, Math.max(0, excess))) await end(s.id, 'replaced');
    }
    const accessToken = newToken();
    const refreshToken = newToken();
    const id = newId();
    await db.insert(sessions).values({
      id, accountId, ip, userAgent: userAgent?.slice(0, 512),
      tokenHash: hashToken(accessToken), refreshHash: hashToken(refreshToken),
      createdAt: now, lastSeenAt: now,
      expiresAt: new Date(now.getTime() + minutes(cfg.idleMinutes)),
      refreshExpiresAt: new Date(now.getTime() + cfg.refreshDays * 86_400_000),
    });
    return { id, accessToken, refreshToken, expiresIn: cfg.idleMinutes * 60 };
  }

  async function findByToken(token: string): Promise<SessionRow | null> {
    const [row] = await db.select({
      id: sessions.id, accountId: sessions.accountId, userId: accounts.userId, userName: accounts.userName,
      isAdmin: accounts.isAdmin, mustChangePassword: accounts.mustChangePassword,
      lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, endedAt: sessions.endedAt, endReason: sessions.endReason,
    }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessions.tokenHash, hashToken(token))).limit(1);
    return row ?? null;
  }

  /** Slides the idle expiry; written at most every 30 s per session to keep reads cheap. */
  async function touch(s: SessionRow) {
    const now = Date.now();
    if (now - s.lastSeenAt.getTime() < 30_000) return;
    await db.update(sessions).set({ lastSeenAt: new Date(now), expiresAt: new Date(now + minutes(cfg.idleMinutes)) })
      .where(eq(sessions.id, s.id));
  }

  async function end(id: string, reason: EndReason) {
    await db.update(sessions).set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  }

  async function endAllOf(accountId: number, reason: EndReason, exceptId?: string) {
    await db.update(sessions).set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), exceptId ? sql`${sessions.id} <> ${exceptId}` : undefined));
  }

  /** Rotates both tokens of a live session; null when the refresh token is unknown, used or expired. */
  async function refresh(refreshToken: string) {
    const now = new Date();
    const [s] = await db.select().from(sessions)
      .where(and(eq(sessions.refreshHash, hashToken(refreshToken)), isNull(sessions.endedAt), gt(sessions.refreshExpiresAt, now))).limit(1);
    if (!s) return null;
    const accessToken = newToken();
    const newRefresh = newToken();
    await db.update(sessions).set({
      tokenHash: hashToken(accessToken), refreshHash: hashToken(newRefresh), lastSeenAt: now,
      expiresAt: new Date(now.getTime() + minutes(cfg.idleMinutes)),
    }).where(eq(sessions.id, s.id));
    return { id: s.id, accountId: s.accountId, accessToken, refreshToken: newRefresh, expiresIn: cfg.idleMinutes * 60 };
  }

  return { create, findByToken, touch, end, endAllOf, refresh };
}
export type SessionStore = ReturnType<typeof sessionStore>;
