import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, accounts, usedRefreshTokens } from '../../db/schema/index';
import { hashToken, newId, newToken } from '../tokens';

export type EndReason = 'logout' | 'kicked' | 'replaced' | 'expired' | 'passwordChanged' | 'locked' | 'refreshReused';

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
/** A replaced refresh token presented again within this time is refused without ending the session. */
export const REUSE_GRACE_MS = 5_000;

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

  const findByToken = (token: string) => findByHash(hashToken(token));

  async function findByHash(tokenHash: string): Promise<SessionRow | null> {
    const [row] = await db.select({
      id: sessions.id, accountId: sessions.accountId, userId: accounts.userId, userName: accounts.userName,
      isAdmin: accounts.isAdmin, mustChangePassword: accounts.mustChangePassword,
      lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, endedAt: sessions.endedAt, endReason: sessions.endReason,
    }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row ?? null;
  }

  /** Slides the idle expiry; written at most every 30 s per session to keep reads cheap. Returns the time written, null when not due. */
  async function touch(s: SessionRow): Promise<Date | null> {
    const now = Date.now();
    if (now - s.lastSeenAt.getTime() < 30_000) return null;
    await db.update(sessions).set({ lastSeenAt: new Date(now), expiresAt: new Date(now + minutes(cfg.idleMinutes)) })
      .where(eq(sessions.id, s.id));
    return new Date(now);
  }

  async function end(id: string, reason: EndReason) {
    await db.update(sessions).set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
  }

  async function endAllOf(accountId: number, reason: EndReason, exceptId?: string) {
    await db.update(sessions).set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sessions.accountId, accountId), isNull(sessions.endedAt), exceptId ? sql`${sessions.id} <> ${exceptId}` : undefined));
  }

  let lastPurge = 0;

  /**
   * Rotates both tokens of a live session in one statement (two refreshes with the same token cannot
   * both win) and remembers the replaced refresh token. `{ reused }` when the token was already
   * replaced: its session is ended (token theft: whoever holds the newer tokens is out too), unless
   * it was replaced less than `reuseGraceMs` ago (two tabs of one console refreshing at the same
   * moment: refused, the session goes on); null when the refresh token is unknown or expired.
   * `clock` dates the replacement (tests set it); the session's own times follow the wall clock.
   */
  async function refresh(refreshToken: string, clock: Date = new Date(), reuseGraceMs = REUSE_GRACE_MS): Promise<{ id: string; accountId: number; accessToken: string; refreshToken: string; expiresIn: number } | { reused: true } | null> {
    const now = new Date();
    const oldHash = hashToken(refreshToken);
    const accessToken = newToken();
    const newRefresh = newToken();
    const res = await db.execute<{ id: string; account_id: number }>(sql`
      with rotated as (
        update ${sessions} set token_hash = ${hashToken(accessToken)}, refresh_hash = ${hashToken(newRefresh)},
               last_seen_at = ${now.toISOString()}::timestamptz, expires_at = ${new Date(now.getTime() + minutes(cfg.idleMinutes)).toISOString()}::timestamptz
         where refresh_hash = ${oldHash} and ended_at is null and refresh_expires_at > ${now.toISOString()}::timestamptz
        returning id, account_id
      ), remembered as (
        insert into ${usedRefreshTokens} (hash, session_id, used_at) select ${oldHash}, id, ${clock.toISOString()}::timestamptz from rotated
      )
      select id, account_id from rotated`);
    const row = res.rows[0];
    if (row) {
      if (clock.getTime() - lastPurge > 3_600_000) {
        lastPurge = clock.getTime();
        await db.delete(usedRefreshTokens).where(lt(usedRefreshTokens.usedAt, new Date(clock.getTime() - (cfg.refreshDays + 1) * 86_400_000)));
      }
      return { id: row.id, accountId: row.account_id, accessToken, refreshToken: newRefresh, expiresIn: cfg.idleMinutes * 60 };
    }
    const [used] = await db.select({ sessionId: usedRefreshTokens.sessionId, usedAt: usedRefreshTokens.usedAt }).from(usedRefreshTokens).where(eq(usedRefreshTokens.hash, oldHash));
    if (!used) return null;
    if (clock.getTime() - used.usedAt.getTime() >= reuseGraceMs) await end(used.sessionId, 'refreshReused');
    return { reused: true };
  }

  return { create, findByToken, findByHash, touch, end, endAllOf, refresh };
}
export type SessionStore = ReturnType<typeof sessionStore>;
