// The toast queue's rules: errors and warnings assertive, success and info polite; errors stay until
// dismissed, the others time out after 5 s. The queue is react-aria's, driven without a DOM.
import { describe, expect, it } from 'vitest';
import { createToastQueue, defaultToastTimeout, showToast, toastPoliteness, toasts } from '../../src/ui/components/toast-queue.ts';
import { subscribeToastsShown, toastsWereShown } from '../../src/ui/components/toasts-shown.ts';

describe('toasts', () => {
  it('politeness and timeout by kind', () => {
    expect(toastPoliteness('error')).toBe('assertive');
    expect(toastPoliteness('warning')).toBe('assertive');
    expect(toastPoliteness('success')).toBe('polite');
    expect(toastPoliteness('info')).toBe('polite');
    expect(defaultToastTimeout('error')).toBeUndefined();
    expect(defaultToastTimeout('success')).toBe(5000);
  });

  it('showToast queues the content, newest first, and can be closed by key', () => {
    const queue = createToastQueue(5);
    showToast({ kind: 'success', title: 'Saved' }, queue);
    const key = showToast({ kind: 'error', title: 'Failed', description: 'Network' }, queue);
    expect(queue.visibleToasts.map((t) => t.content.title)).toEqual(['Failed', 'Saved']);
    expect(queue.visibleToasts[0]?.timeout).toBeUndefined();
    expect(queue.visibleToasts[1]?.timeout).toBe(5000);
    queue.close(key);
    expect(queue.visibleToasts.map((t) => t.content.title)).toEqual(['Saved']);
  });

  it('the shell hears of the application queue’s first toast only (it then mounts the region), and once', () => {
    const heard: number[] = [];
    const unsubscribe = subscribeToastsShown(() => heard.push(1));
    showToast({ kind: 'info', title: 'Elsewhere' }, createToastQueue(5));
    expect(toastsWereShown()).toBe(false);
    expect(heard).toEqual([]);
    showToast({ kind: 'info', title: 'First' });
    showToast({ kind: 'info', title: 'Second' });
    expect(toastsWereShown()).toBe(true);
    expect(heard).toEqual([1]);
    unsubscribe();
    expect(subscribeToastsShown(() => heard.push(2))()).toBeUndefined();
    expect(toasts.visibleToasts.map((t) => t.content.title)).toEqual(['Second', 'First']);
  });
});
