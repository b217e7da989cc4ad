// The design system under the strict CSP (style-src 'self', no inline styles). Rules:
// - react-aria's usePress adds an inline <style id="react-aria-pressable-style"> the first time a
//   pressable mounts, which the CSP refuses with a console error. It skips that when an element with
//   that id exists, so a marker is put in <head> when src/ui loads (the barrel and the toast queue
//   import this module before any component can render); the rule it carried ships in csp.css.ts,
//   which the barrel imports.
// - Plain DOM only (no react-aria, no vanilla-extract), so code that runs without the
//   vanilla-extract plugin (unit tests of the toast queue) can import it too.

export const pressableStyleId = 'react-aria-pressable-style';

export function preventPressableInlineStyle(doc: Document): void {
  if (doc.getElementById(pressableStyleId)) return;
  const marker = doc.createElement('meta');
  marker.id = pressableStyleId;
  doc.head.append(marker);
}

if (typeof document !== 'undefined') preventPressableInlineStyle(document);
