import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/** Where media bytes live. Keys are content-addressed names made by the media service. */
export interface MediaStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** the bytes, or null when there is no such object */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9.-]{2,120}$/;
function checkKey(key: string) {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid media key "${key}"`);
}

/** Files under `dir`, fanned out by the first two characters of the key; writes are atomic. */
export function localDiskStorage(dir: string): MediaStorage {
  const file = (key: string) => { checkKey(key); return path.join(dir, key.slice(0, 2), key); };
  return {
    async put(key, bytes) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, target);
    },
    async get(key) {
      try { return await fs.readFile(file(key)); } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async has(key) {
      try { await fs.access(file(key)); return true; } catch { return false; }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}

export const mediaDir = (dataDir: string) => path.join(dataDir, 'media');
