import crypto from 'node:crypto';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES, MEDIA_WIDTHS, type MediaMime, type SiteImage } from '@bencao/contracts';
import { AppError, badRequest } from '../../platform/errors';
import type { MediaStorage } from './storage';

/** The type of an image by its first bytes (never by its name or declared type). */
export function sniffImage(b: Buffer): MediaMime | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export const EXT: Record<MediaMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

export interface StoredImage {
  storageKey: string;
  mime: MediaMime;
  size: number;
  width: number;
  height: number;
  widths: number[];
}

export const variantKey = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;

/**
 * Widths of the variants made for an image `width` pixels wide: the standard widths below it, and
 * its own width when it is narrower than the largest standard one (a 700 px picture gets 320, 640
 * and 700, never only a blurry 640 stretched).
 */
export const variantWidths = (width: number) => {
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
  if (width >= largest) return MEDIA_WIDTHS.filter((w) => w <= width) as number[];
  return [...MEDIA_WIDTHS.filter((w) => w < width), width];
};

/**
 * Checks an upload (type by magic bytes, size, decodable), stores the original and its webp
 * variants under content-addressed keys (`prefix` + sha-256), and returns what the row needs.
 * Objects already stored (same bytes) are not written again.
 */
export async function storeImage(storage: MediaStorage, bytes: Buffer, opts: { prefix?: string; effort?: number } = {}): Promise<StoredImage> {
  if (bytes.length > MEDIA_MAX_BYTES) throw new AppError(413, 'cms.mediaTooLarge', { n: MEDIA_MAX_BYTES / 1024 / 1024 });
  const mime = sniffImage(bytes);
  if (!mime) throw badRequest('cms.mediaType');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try { meta = await sharp(bytes).metadata(); } catch { throw badRequest('cms.mediaUnreadable'); }
  if (!meta.width || !meta.height) throw badRequest('cms.mediaUnreadable');
  // EXIF orientations 5-8 turn the picture by 90°: the variants are auto-oriented, so are the sizes
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const storageKey = `${opts.prefix ?? 'm'}${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.${EXT[mime]}`;
  const widths = variantWidths(width);
  if (!(await storage.has(storageKey))) await storage.put(storageKey, bytes);
  try {
    for (const w of widths) {
      const key = variantKey(storageKey, w);
      if (await storage.has(key)) continue;
      const out = await sharp(bytes).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78, effort: opts.effort ?? 4 }).toBuffer();
      await storage.put(key, out);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('cms.mediaUnreadable');
  }
  return { storageKey, mime, size: bytes.length, width, height, widths };
}

export async function deleteStoredImage(storage: MediaStorage, storageKey: string, widths: number[]) {
  await storage.delete(storageKey);
  for (const w of widths) await storage.delete(variantKey(storageKey, w));
}

export interface MediaLike { id: number; width: number; height: number; widths: number[]; alt: string; accessKey?: string }

/** where the site's pictures are served (robots.txt lets crawlers fetch them under the closed /api/) */
export const MEDIA_PREFIX = '/api/site/media/';
export const mediaUrl = (id: number, width?: number, key?: string) =>
  `${MEDIA_PREFIX}${id}${width ? `/${width}` : ''}${key ? `?k=${key}` : ''}`;

/**
 * `<img>` attributes for a media row: src of a mid-size variant, srcset of all, the original's size.
 * With `key`, the URLs carry the medium's access key (console and preview answers only).
 */
export function siteImage(m: MediaLike, alt?: string, key?: string): SiteImage {
  const ws = [...new Set(m.widths)].sort((a, b) => a - b);
  const src = [...ws].reverse().find((w) => w <= 1024) ?? ws[0];
  const seen = new Set<number>();
  return {
    url: mediaUrl(m.id, src, key),
    srcset: ws.filter((w) => { const d = Math.min(w, m.width); if (seen.has(d)) return false; seen.add(d); return true; })
      .map((w) => `${mediaUrl(m.id, w, key)} ${Math.min(w, m.width)}w`).join(', '),
    width: m.width,
    height: m.height,
    alt: alt ?? m.alt,
  };
}

/** The stored variant to send for a requested width: the largest not above it, else the smallest. */
export function pickVariant(widths: number[], requested: number): number {
  const ws = [...widths].sort((a, b) => a - b);
  return [...ws].reverse().find((w) => w <= requested) ?? ws[0];
}

const MEDIA_REF = /(\/api\/site\/media\/(\d+)(?:\/\d+)?)(\?k=[0-9a-f]{1,64})?/g;

/** Adds each medium's access key to the media URLs of an HTML body (console and preview answers). */
export function withMediaKeys(html: string, keyOf: (id: number) => string | undefined): string {
  return html.replace(MEDIA_REF, (_all, url: string, id: string) => {
    const k = keyOf(Number(id));
    return k ? `${url}?k=${k}` : url;
  });
}

/** Takes access keys out of media URLs before a body is stored: stored and public bodies never hold them. */
export const withoutMediaKeys = (html: string) => html.replace(MEDIA_REF, (_all, url: string) => url);
