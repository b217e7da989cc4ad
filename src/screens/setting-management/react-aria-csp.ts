// react-aria's usePress adds an inline <style id="react-aria-pressable-style"> (touch-action for
// pressables) the first time a pressable mounts; the strict CSP (style-src 'self') refuses it with a
// console error. It skips that when an element with the id exists, so a marker is put in place
// before the screens that use pressables render. (The design system, src/ui, is the better home for
// this; the audit logs screen does the same until it moves there.)
export function preventPressableInlineStyle(doc: Document): void {
  if (doc.getElementById('react-aria-pressable-style')) return;
  const marker = doc.createElement('meta');
  marker.id = 'react-aria-pressable-style';
  doc.head.append(marker);
}
