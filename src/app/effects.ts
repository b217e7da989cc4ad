// Effects that leave the machines as emitted events or follow their snapshots, applied to the
// browser here (never in components, never in machines). Rules: navigation replaces history
// entries only for addresses the machine cleaned (a used authorization code must not be reachable
// with Back); the document's lang/dir follow the culture the machine holds.
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';

// Before the server has said (signed out), the direction follows the browser's language.
const rightToLeftLanguages = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug']);

export function isRightToLeft(culture: string): boolean {
  return rightToLeftLanguages.has(culture.split(/[-_]/)[0]!.toLowerCase());
}

export function connectEffects(auth: ActorRefFrom<AuthMachine>, win: Window = window): () => void {
  const navigation = auth.on('navigation.replace', (event) => win.history.replaceState(win.history.state, '', event.url));
  const culture = auth.subscribe((snapshot) => {
    const root = win.document.documentElement;
    const current = snapshot.context.configuration?.localization.currentCulture;
    root.lang = current?.cultureName ?? snapshot.context.culture;
    root.dir = (current ? current.isRightToLeft : isRightToLeft(snapshot.context.culture)) ? 'rtl' : 'ltr';
  });
  return () => {
    navigation.unsubscribe();
    culture.unsubscribe();
  };
}
