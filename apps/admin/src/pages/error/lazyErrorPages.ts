import { lazy } from 'react';

// antd's Result with its illustrations is a lazy chunk: the shell's first download does not carry
// pictures most sessions never show.
export const ForbiddenPage = lazy(() => import('./ForbiddenPage'));
export const NotFoundPage = lazy(() => import('./NotFoundPage'));
export const UnauthorizedPage = lazy(() => import('./UnauthorizedPage'));
export const CrashedPage = lazy(() => import('./CrashedPage'));
