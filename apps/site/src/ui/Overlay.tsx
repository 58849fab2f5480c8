import { useSyncExternalStore } from 'react';
import { Dialog } from './Dialog';
import { overlayStore } from './overlay';

/** Renders the current toast and dialog of the overlay store. */
export function Overlay() {
  const { toast, dialog } = useSyncExternalStore(overlayStore.subscribe, overlayStore.get, overlayStore.get);
  return (
    <>
      <div className="toast-region" role="status" aria-live="polite">
        {toast && <div className={`toast toast-${toast.type}`}>{toast.message}</div>}
      </div>
      {dialog && (
        <Dialog
          key={dialog.id}
          title={dialog.title}
          onCancel={() => dialog.resolve(false)}
          footer={
            <>
              {dialog.cancelText && (
                <button type="button" className="btn btn-ghost" onClick={() => dialog.resolve(false)}>
                  {dialog.cancelText}
                </button>
              )}
              <button type="button" className="btn btn-primary" data-autofocus onClick={() => dialog.resolve(true)}>
                {dialog.okText}
              </button>
            </>
          }
        >
          <p>{dialog.message}</p>
        </Dialog>
      )}
    </>
  );
}
