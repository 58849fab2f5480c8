/** Units of a duration in the console's language (e.g. en d/h/m/s, zh 天/小时/分钟/秒). */
export interface DurationUnits { d: string; h: string; m: string; s: string; sep: string }

export const DURATION_UNITS: Record<'en' | 'zh' | 'es' | 'ja', DurationUnits> = {
  en: { d: 'd', h: 'h', m: 'm', s: 's', sep: ' ' },
  es: { d: 'd', h: 'h', m: 'min', s: 's', sep: ' ' },
  zh: { d: '天', h: '小时', m: '分钟', s: '秒', sep: '' },
  ja: { d: '日', h: '時間', m: '分', s: '秒', sep: '' },
};

/**
 * A duration in milliseconds as days, hours and minutes ("2d 3h 5m"; at most the two largest non-zero
 * parts below a day, three above): under a minute it shows seconds, null or negative shows "—".
 */
export function formatDuration(ms: number | null | undefined, units: DurationUnits = DURATION_UNITS.en): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const totalSec = Math.round(ms / 1000);
  if (totalSec < 60) return `${totalSec}${units.s}`;
  const totalMin = Math.round(ms / 60_000);
  const d = Math.floor(totalMin / 1440);
  const h = Math.floor((totalMin % 1440) / 60);
  const m = totalMin % 60;
  const parts: string[] = [];
  if (d) parts.push(`${d}${units.d}`);
  if (h) parts.push(`${h}${units.h}`);
  if (m || parts.length === 0) parts.push(`${m}${units.m}`);
  return parts.join(units.sep);
}

/** A rate in [0, 1] as a percentage with one decimal ("12.5%"), null as "—". */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** The browser's offset from UTC in minutes east (UTC+8 → 480), as the performance API expects. */
export const browserTzOffset = (at: Date = new Date()) => -at.getTimezoneOffset();

/** Every day from `from` to `to` (YYYY-MM-DD, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return out;
  for (let t = start; t <= end && out.length <= 400; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
