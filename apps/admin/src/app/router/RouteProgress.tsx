import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { pageWork } from '@/lib/pageBusy';

NProgress.configure({ showSpinner: false, trickleSpeed: 120 });

/** SPEC §9: a navigation progress bar without a spinner, shown while a page's chunk loads. */
export function RouteProgress() {
  useEffect(() => {
    NProgress.start();
    pageWork.start();
    return () => { NProgress.done(); pageWork.end(); };
  }, []);
  return null;
}
