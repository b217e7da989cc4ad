// The toast queue and what a toast carries. Rules: machines emit toast events and src/app/effects.ts
// calls `toasts.add(...)`; components never add toasts themselves. Errors stay until dismissed (a
// user must be able to read them); others leave after 5 s, react-aria's minimum for readability,
// and the timer pauses while the region is hovered or focused.
// The toast's close button is a pressable: keep react-aria's inline <style> out (strict CSP).
import '../csp.ts';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';
import { markToastShown } from './toasts-shown.ts';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type ToastContent = { kind: ToastKind; title: string; description?: string };

export function createToastQueue(maxVisibleToasts = 5): ToastQueue<ToastContent> {
  return new ToastQueue<ToastContent>({ maxVisibleToasts });
}

/** The application's queue; one ToastRegion renders it. */
export const toasts = createToastQueue();

/** Errors and warnings are announced assertively (role=alert); success and info politely. */
export function toastPoliteness(kind: ToastKind): 'assertive' | 'polite' {
  return kind === 'error' || kind === 'warning' ? 'assertive' : 'polite';
}

export function defaultToastTimeout(kind: ToastKind): number | undefined {
  return kind === 'error' ? undefined : 5000;
}

export function showToast(
  content: ToastContent,
  queue: ToastQueue<ToastContent> = toasts,
  timeout = defaultToastTimeout(content.kind),
): string {
  const key = queue.add(content, timeout === undefined ? {} : { timeout });
  // The shell mounts the region with the application's first toast (toasts-shown.ts).
  if (queue === toasts) markToastShown();
  return key;
}
