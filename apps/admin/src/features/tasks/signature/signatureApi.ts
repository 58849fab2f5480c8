import { useEffect, useState } from 'react';
import type { SavedSignature, SignatureInput, SignatureMeaning } from '@bencao/contracts';
import { call, request } from '@/lib/request';
import { encryptPassword } from '@/lib/auth';

/** What the signature part of the approval dialog holds. */
export interface SignatureValues {
  password?: string;
  meaning?: SignatureMeaning;
  /** none, drawn now (`image`, a PNG data URL) or the saved one */
  hand?: 'none' | 'draw' | 'saved';
  image?: string | null;
  /** keep the drawn signature as my saved one */
  saveAsMine?: boolean;
}

interface LoginKey { keyId: string; publicKey: string }

/** the signature sent with an approval: the password encrypted with a fresh one-time login key, as at login */
export async function signatureBody(v: SignatureValues): Promise<SignatureInput> {
  const key = await call<LoginKey>('GET', '/api/uc/getkey/LoginGetKey.do', { params: { method: 'getLoginKey' } });
  return {
    keyId: key.keyId,
    password: await encryptPassword(key.publicKey, v.password ?? ''),
    meaning: v.meaning!,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    image: v.hand === 'draw' && v.image ? v.image : undefined,
    useSaved: v.hand === 'saved' ? true : undefined,
  };
}

export const signatureApi = {
  saved: () => call<SavedSignature>('GET', '/api/workflow/tasks/my-signature'),
  save: (image: string) => request<SavedSignature>({ method: 'PUT', url: '/api/workflow/tasks/my-signature', data: JSON.stringify({ image }), headers: { 'Content-Type': 'application/json' } }),
  forget: () => call<unknown>('DELETE', '/api/workflow/tasks/my-signature'),
};

/** an image of the API (it needs the session's token, so not a plain `src`) as an object URL */
export function useApiImage(url: string | null): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    let href: string | null = null;
    let live = true;
    void request<Blob>({ method: 'GET', url, responseType: 'blob' }).then((blob) => {
      if (!live) return;
      href = URL.createObjectURL(blob);
      setSrc(href);
    }).catch(() => undefined);
    return () => { live = false; if (href) URL.revokeObjectURL(href); };
  }, [url]);
  return url ? src : null;
}
