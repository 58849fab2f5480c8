import { parseWorkingDays } from '@bencao/contracts';

/**
 * ISO-8601 durations (`P1Y2M3DT4H5M6S`, `P2W`), date-times and repeating intervals (`R3/PT1H`,
 * `R/2026-01-01T08:00:00Z/P1D`), computed in UTC from the engine's clock.
 */
export interface Duration { years: number; months: number; weeks: number; days: number; hours: number; minutes: number; seconds: number }

const DURATION_RE = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function parseDuration(text: string): Duration | null {
  const m = DURATION_RE.exec(text.trim().toUpperCase());
  if (!m) return null;
  const n = (i: number) => (m[i] ? Number(m[i]) : 0);
  return { years: n(1), months: n(2), weeks: n(3), days: n(4), hours: n(5), minutes: n(6), seconds: n(7) };
}

export function addDuration(from: Date, d: Duration): Date {
  const t = new Date(from.getTime());
  if (d.years || d.months) t.setUTCMonth(t.getUTCMonth() + d.years * 12 + d.months);
  return new Date(t.getTime() + (((d.weeks * 7 + d.days) * 24 + d.hours) * 60 + d.minutes) * 60_000 + d.seconds * 1000);
}

/** a date-time with a date part (`2026-03-01T09:00:00Z`, `2026-03-01`) */
export function parseIsoDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null;
  const d = new Date(text.trim());
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface Cycle { repeat: number | null; start: Date | null; duration: Duration }

export function parseCycle(text: string): Cycle | null {
  const parts = text.trim().split('/');
  const m = /^R(\d*)$/i.exec(parts[0] ?? '');
  if (!m || parts.length < 2 || parts.length > 3) return null;
  const repeat = m[1] ? Number(m[1]) : null;
  if (repeat === 0) return null;
  const start = parts.length === 3 ? parseIsoDate(parts[1]) : null;
  if (parts.length === 3 && !start) return null;
  const duration = parseDuration(parts[parts.length - 1]);
  if (!duration || addDuration(new Date(0), duration).getTime() <= 0) return null;
  return { repeat, start, duration };
}

/** `date` (YYYY-MM-DD) plus N working days → YYYY-MM-DD; the common module's working calendar */
export type AddWorkingDays = (date: string, days: number) => Promise<string>;

/** N working days later at the same time of day (UTC) */
export async function plusWorkingDays(now: Date, days: number, addWorkingDays: AddWorkingDays): Promise<Date> {
  const iso = now.toISOString();
  const day = await addWorkingDays(iso.slice(0, 10), days);
  return new Date(`${day}${iso.slice(10)}`);
}

/** a task's `bencao:dueIn` ("PT48H", "P3D" or "3wd") → its deadline */
export async function dueAtOf(dueIn: string, now: Date, addWorkingDays: AddWorkingDays): Promise<Date | null> {
  const wd = parseWorkingDays(dueIn);
  if (wd !== null) return plusWorkingDays(now, wd, addWorkingDays);
  const d = parseDuration(dueIn.trim());
  return d ? addDuration(now, d) : null;
}
