import type { Lang } from './menu';
import { translate } from './messages/index';

/**
 * Display helpers of SPEC §9: relative times in the user's language (catalogue keys `format.*`),
 * number abbreviations (k, M, G, T, P, E) and thousands separators.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `date` as the catalogue's date-and-time pattern of `lang`, in the local time zone (with `seconds`, minutes are followed by `:ss`). */
export function formatDateTime(date: Date | number | string, lang: Lang, opts: { seconds?: boolean } = {}): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const mm = pad2(d.getMinutes()) + (opts.seconds ? `:${pad2(d.getSeconds())}` : '');
  return translate(lang, 'format.dateTime', {
    yyyy: String(d.getFullYear()), MM: pad2(d.getMonth() + 1), dd: pad2(d.getDate()), HH: pad2(d.getHours()), mm,
  });
}

/**
 * How long ago `date` was, seen at `now`: under 30 s "just now"; under an hour, whole minutes
 * (at least 1); under a day, whole hours; under two days "1 day ago"; older (or more than 30 s in
 * the future): the date and time. Unparseable input gives ''.
 */
export function relativeTime(date: Date | number | string, lang: Lang, now: Date | number = Date.now()): string {
  const t = (date instanceof Date ? date : new Date(date)).getTime();
  if (Number.isNaN(t)) return '';
  const seconds = ((now instanceof Date ? now.getTime() : now) - t) / 1000;
  if (Math.abs(seconds) < 30) return translate(lang, 'format.justNow');
  if (seconds > 0 && seconds < 3600) {
    const n = Math.max(1, Math.floor(seconds / 60));
    return n === 1 ? translate(lang, 'format.minuteAgo') : translate(lang, 'format.minutesAgo', { n });
  }
  if (seconds > 0 && seconds < 86400) {
    const n = Math.floor(seconds / 3600);
    return n === 1 ? translate(lang, 'format.hourAgo') : translate(lang, 'format.hoursAgo', { n });
  }
  if (seconds > 0 && seconds < 2 * 86400) return translate(lang, 'format.dayAgo');
  return formatDateTime(t, lang);
}

const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/**
 * 1234 → "1.2k", 1500000 → "1.5M", 2e18 → "2E": the largest unit the number reaches, `digits`
 * decimals, trailing zeros dropped. Under 1000 only the rounding applies ("999"). Rounding that
 * reaches the next unit moves up (999999 → "1M").
 */
export function abbreviateNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (let i = 0; i < UNITS.length; i++) {
    const unit = UNITS[i];
    if (abs < unit.value) continue;
    let scaled = Number((abs / unit.value).toFixed(digits));
    let symbol: string = unit.symbol;
    if (scaled >= 1000 && i > 0) {
      scaled = Number((abs / UNITS[i - 1].value).toFixed(digits));
      symbol = UNITS[i - 1].symbol;
    }
    return sign + trimZeros(scaled.toFixed(digits)) + symbol;
  }
  const rounded = Number(abs.toFixed(digits));
  if (rounded >= 1000) return sign + '1k';
  return sign + trimZeros(rounded.toFixed(digits));
}

const trimZeros = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);

/**
 * 1234567.891 → "1,234,567.891": separators in the integer part only; the decimals are kept as
 * written. Accepts numbers or numeric strings; anything else is returned unchanged as a string.
 */
export function toThousands(value: number | string | null | undefined, separator = ','): string {
  if (value === null || value === undefined || value === '') return '';
  const s = typeof value === 'number' ? (Number.isFinite(value) ? numberToPlain(value) : String(value)) : value.trim();
  const m = /^([+-]?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return String(value);
  return m[1] + m[2].replace(/\B(?=(\d{3})+(?!\d))/g, separator) + (m[3] ?? '');
}

/** A number without exponent notation (1e21 → "1000000000000000000000"). */
function numberToPlain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return Math.abs(n) >= 1 ? BigInt(Math.round(n)).toString() : n.toFixed(20).replace(/0+$/, '');
}
