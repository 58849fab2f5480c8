import { Unzip, UnzipInflate, UnzipPassThrough, strToU8, zipSync } from 'fflate';
import { parse, stringify } from 'yaml';
import { CONFIG_TYPES, CONFIG_ZIP_LIMITS, CONFIG_ZIP_METADATA, type ConflictPolicy } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import { checkSyntax } from './configs';
import { copyConfigs, type PortableConfig } from './configClone';

/**
 * Zip export and import of configs in Nacos's layout: one `group/dataId` entry per config and a
 * `.metadata.yml` listing each one's type, description and application.
 */

interface MetadataItem { group: string; dataId: string; type?: string; desc?: string | null; appName?: string | null; tags?: string | null }

export function exportZip(configs: PortableConfig[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const c of configs) files[`${c.group}/${c.dataId}`] = strToU8(c.content);
  const metadata: MetadataItem[] = configs.map((c) => ({ group: c.group, dataId: c.dataId, type: c.type, desc: c.description, appName: c.appName, tags: c.tags }));
  files[CONFIG_ZIP_METADATA] = strToU8(stringify({ metadata }));
  return zipSync(files, { level: 6 });
}

const MB = 1024 * 1024;
/** how much of the archive is handed to the inflater at once: bounds what one step can inflate */
const STEP = 16 * 1024;
const KEY_PART = /^[A-Za-z0-9_.:@-]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function unsafeName(name: string) {
  return name.includes('..') || name.includes('\\') || name.includes('\u0000') || name.startsWith('/') || /^[A-Za-z]:/.test(name);
}

/**
 * The entries of an archive as text, refused (400 naming the entry and the rule) when it is over
 * 10 MB or 1,000 entries, an entry inflates past 1 MB (counted on the bytes actually inflated, not on
 * what the header claims), a name is unsafe, or a content is not UTF-8.
 */
export function readZipEntries(archive: Uint8Array): Map<string, string> {
  if (archive.length > CONFIG_ZIP_LIMITS.archiveBytes) throw badRequest('gateway.zipTooLarge', { n: CONFIG_ZIP_LIMITS.archiveBytes / MB });
  const entries = new Map<string, Uint8Array[]>();
  let failure: AppError | null = null;
  let count = 0;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++count > CONFIG_ZIP_LIMITS.entries) { failure = badRequest('gateway.zipTooManyEntries', { n: CONFIG_ZIP_LIMITS.entries }); return; }
    if (unsafeName(file.name)) { failure = badRequest('gateway.zipUnsafeName', { entry: file.name.replaceAll('\u0000', '\\0') }); return; }
    if (file.name.endsWith('/')) return; // a directory
    const chunks: Uint8Array[] = [];
    let size = 0;
    entries.set(file.name, chunks);
    file.ondata = (err, chunk) => {
      if (failure) return;
      if (err) { failure = badRequest('gateway.zipInvalid'); return; }
      size += chunk.length;
      if (size > CONFIG_ZIP_LIMITS.entryBytes) {
        failure = badRequest('gateway.zipEntryTooLarge', { entry: file.name, n: CONFIG_ZIP_LIMITS.entryBytes / MB });
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    try { file.start(); } catch { failure = badRequest('gateway.zipInvalid'); }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < archive.length && !failure; at += STEP) unzip.push(archive.subarray(at, at + STEP), at + STEP >= archive.length);
  } catch {
    failure ??= badRequest('gateway.zipInvalid');
  }
  if (failure) throw failure;
  if (!count) throw badRequest('gateway.zipInvalid');
  const out = new Map<string, string>();
  for (const [name, chunks] of entries) {
    try { out.set(name, utf8.decode(Buffer.concat(chunks)).replace(/^\uFEFF/, '')); } catch { throw badRequest('gateway.zipNotUtf8', { entry: name }); }
  }
  return out;
}

/** the configs of an archive, each checked as a publish would be (syntax of its type) */
export function configsOfZip(archive: Uint8Array): PortableConfig[] {
  const entries = readZipEntries(archive);
  const metaText = entries.get(CONFIG_ZIP_METADATA);
  entries.delete(CONFIG_ZIP_METADATA);
  let meta: MetadataItem[] = [];
  if (metaText !== undefined) {
    try {
      const doc = parse(metaText) as { metadata?: MetadataItem[] } | null;
      meta = Array.isArray(doc?.metadata) ? doc.metadata : [];
    } catch (e) {
      throw badRequest('gateway.zipEntryInvalid', { entry: CONFIG_ZIP_METADATA, detail: (e as Error).message.split('\n')[0] });
    }
  }
  const metaOf = new Map(meta.filter((m) => m && typeof m === 'object').map((m) => [`${m.group}/${m.dataId}`, m]));
  const configs: PortableConfig[] = [];
  for (const [name, content] of entries) {
    const parts = name.split('/');
    if (parts.length !== 2 || !parts.every((p) => KEY_PART.test(p) && p.length <= 255) || parts[0].length > 128) throw badRequest('gateway.zipBadEntry', { entry: name });
    const [group, dataId] = parts;
    const m = metaOf.get(name);
    const type = CONFIG_TYPES.includes(m?.type as never) ? m!.type! : 'text';
    const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
    if (!content.trim()) throw badRequest('gateway.zipEntryEmpty', { entry: name });
    try { checkSyntax(type, content); } catch (e) {
      if (e instanceof AppError) throw badRequest('gateway.zipEntryInvalid', { entry: name, detail: String(e.params?.detail ?? e.key) });
      throw e;
    }
    configs.push({ group, dataId, type, content, description: text(m?.desc, 500), appName: text(m?.appName, 128), tags: text(m?.tags, 500) });
  }
  if (!configs.length) throw badRequest('gateway.zipEmpty');
  return configs;
}

export function importZip(db: Db, archive: Uint8Array, namespaceId: string, policy: ConflictPolicy, operator: string | null) {
  return copyConfigs(db, namespaceId, configsOfZip(archive), policy, operator);
}
