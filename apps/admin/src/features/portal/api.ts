import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentInput, PageContent, PortalAssignment, PortalHome, PortalNode, PortalNodeInput, PortalOverlay, PortalPage,
  WidgetInstance, PortalLayouts,
} from '@bencao/contracts';
import { call } from '@/lib/request';

export interface PortalPreview { pageId: number; name: string; widgets: WidgetInstance[]; layouts: PortalLayouts; hidden: string[] }

export const portalApi = {
  home: (pageId?: number) => call<PortalHome | null>('GET', '/api/portal/home', { params: pageId ? { pageId } : undefined }),
  saveOverlay: (pageId: number, overlay: PortalOverlay) => call<PortalHome>('PUT', `/api/portal/home/${pageId}/overlay`, { body: overlay }),
  resetOverlay: (pageId: number) => call<PortalHome>('DELETE', `/api/portal/home/${pageId}/overlay`),
  nodes: () => call<PortalNode[]>('GET', '/api/portal/nodes'),
  createNode: (body: PortalNodeInput) => call<PortalNode>('POST', '/api/portal/nodes', { body }),
  updateNode: (id: number, body: PortalNodeInput) => call<PortalNode>('PUT', `/api/portal/nodes/${id}`, { body }),
  deleteNode: (id: number) => call<null>('DELETE', `/api/portal/nodes/${id}`),
  page: (id: number) => call<PortalPage>('GET', `/api/portal/pages/${id}`),
  saveDraft: (id: number, body: PageContent) => call<PortalPage>('PUT', `/api/portal/pages/${id}/draft`, { body }),
  publish: (id: number) => call<PortalPage>('POST', `/api/portal/pages/${id}/publish`),
  preview: (id: number, roleId: number) => call<PortalPreview>('GET', `/api/portal/pages/${id}/preview`, { params: { roleId, draft: '1' } }),
  assignments: () => call<PortalAssignment[]>('GET', '/api/portal/assignments'),
  createAssignment: (body: AssignmentInput) => call<unknown>('POST', '/api/portal/assignments', { body }),
  updateAssignment: (id: number, body: AssignmentInput) => call<unknown>('PUT', `/api/portal/assignments/${id}`, { body }),
  deleteAssignment: (id: number) => call<null>('DELETE', `/api/portal/assignments/${id}`),
  frameHosts: () => call<string[]>('GET', '/api/portal/frame-hosts'),
  setFrameHosts: (hosts: string[]) => call<string[]>('PUT', '/api/portal/frame-hosts', { body: { hosts } }),
};

export const portalKeys = {
  home: (pageId?: number) => ['portal', 'home', pageId ?? 0] as const,
  nodes: ['portal', 'nodes'] as const,
  page: (id: number) => ['portal', 'page', id] as const,
  assignments: ['portal', 'assignments'] as const,
  frameHosts: ['portal', 'frameHosts'] as const,
};

export const useNodes = () => useQuery({ queryKey: portalKeys.nodes, queryFn: portalApi.nodes });
export const usePage = (id: number | null) => useQuery({ queryKey: portalKeys.page(id ?? 0), queryFn: () => portalApi.page(id!), enabled: !!id });

/** Invalidates the portal's queries after a change. */
export function usePortalMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['portal'] }) });
}
