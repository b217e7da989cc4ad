// Whether a toast was ever queued: until then the toast region need not exist, so neither its chunk
// (the design system) nor the queue (react-stately's ToastQueue, toast-queue.ts) is in the first
// paint (issue 18). showToast, the one way a toast is queued (effects.ts loads it with the first
// toast, a screen imports it), says so here, and the shell then mounts the region, which shows it. A
// toast queued before React renders (the first render waits for the culture's texts) is seen when
// React first asks. No imports: this module is part of React's chunk.
let shown = false;
const listeners = new Set<() => void>();

/** Called by showToast for the application's queue. */
export function markToastShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

export function toastsWereShown(): boolean {
  return shown;
}

export function subscribeToastsShown(onChange: () => void): () => void {
  if (shown) return () => {};
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
