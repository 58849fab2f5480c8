import type { AppCredentialStatus, AppRight, Page } from '@bencao/contracts';
import { call } from '@/lib/request';
import { clean, type ListQuery } from './api';

/** An application credential as the console sees it: never its secret. */
export interface CredentialRow {
  id: number; name: string; description: string | null; accessKey: string; allNamespaces: boolean; namespaces: string[]; rights: AppRight[];
  enabled: boolean; status: AppCredentialStatus; revokedAt: string | null; revokedBy: string | null; createdBy: string | null;
  createdAt: string; updatedAt: string; lastUsedAt: string | null;
}
/** The create answer: the only time the secret is seen. */
export interface CreatedCredential { credential: CredentialRow; secret: string }

const K = '/api/gateway/credentials';
export const credentialApi = {
  list: (q: ListQuery) => call<Page<CredentialRow>>('GET', K, { params: clean(q) }),
  create: (body: unknown) => call<CreatedCredential>('POST', K, { body }),
  update: (id: number, body: unknown) => call<CredentialRow>('PUT', `${K}/${id}`, { body }),
  setEnabled: (id: number, enabled: boolean) => call<CredentialRow>('POST', `${K}/${id}/${enabled ? 'enable' : 'disable'}`, { body: {} }),
  revoke: (id: number) => call<CredentialRow>('POST', `${K}/${id}/revoke`, { body: {} }),
};
