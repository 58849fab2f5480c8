import type { APIRequestContext } from '@playwright/test';
import { AppClient } from '@bencao/app-client';
import { api } from './api';

/**
 * The gateway's open API is signed with an application credential (docs/APP-SIGNING.md): this makes one
 * over the console API with `token` (an account holding gateway:credential:add) and answers a client of it.
 */
export async function openApiClient(request: APIRequestContext, token: string, rights = ['config:read', 'registry:read', 'registry:write']) {
  const created = await api<{ credential: { accessKey: string }; secret: string }>(request, token, 'POST', '/api/gateway/credentials', {
    name: `e2e ${Date.now().toString(36)}`, allNamespaces: true, rights,
  });
  return new AppClient({ baseUrl: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18765', accessKey: created.credential.accessKey, secret: created.secret });
}
