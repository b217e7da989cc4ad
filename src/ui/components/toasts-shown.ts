// Whether a toast was ever queued: until then the toast region need not exist, so its chunk (the
// design system) stays out of the first paint. The queue itself is tiny (react-stately's ToastQueue);
// it is imported here, in the entry, so the first toast is seen wherever it is added (effects.ts,
// a screen's showToast), and the region then mounts and shows it. A toast queued before React
// renders (the first render waits for the culture's texts) is seen when React first asks.
import { toasts } from '../ui/components/toast-queue.ts';

let shown = false;

export function toastsWereShown(): boolean {
  if (!shown && toasts.visibleToasts.length > 0) shown = true;
  return shown;
}

export function subscribeToastsShown(onChange: () => void): () => void {
  if (shown) return () => {};
  return toasts.subscribe(() => {
    if (shown || toasts.visibleToasts.length === 0) return;
    shown = true;
    onChange();
  });
}
