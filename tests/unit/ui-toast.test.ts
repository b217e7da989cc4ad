// The toast queue's rules: errors and warnings assertive, success and info polite; errors stay until
// dismissed, the others time out after 5 s. The queue is react-aria's, driven without a DOM.
import { describe, expect, it } from 'vitest';
import { createToastQueue, defaultToastTimeout, showToast, toastPoliteness } from '../../src/ui/components/toast-queue.ts';

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
});
