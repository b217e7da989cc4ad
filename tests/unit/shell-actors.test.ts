// The real browser actors of the shell machines (src/app/shell-actors.ts), run inside their machines
// against a fake window: storage keys and values, the media query and connection listeners (reported
// at start, on change, removed on stop) and the consent cookie's attributes.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import {
  createContainerWidthLogic,
  createCookieConsentLogic,
  createInternetStatusLogic,
  createLanguageLogic,
  createMenuLayoutLogic,
  createThemeLogic,
  readCookie,
} from '../../src/app/shell-actors.ts';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

class FakeMediaQuery extends EventTarget {
  matches: boolean;
  constructor(matches: boolean) {
    super();
    this.matches = matches;
  }
  listeners = 0;
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
    this.listeners++;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>) {
    this.listeners--;
    super.removeEventListener(...args);
  }
  change(matches: boolean) {
    this.matches = matches;
    this.dispatchEvent(new Event('change'));
  }
}

function fakeWindow(stored: Record<string, string> = {}, { dark = false, online = true } = {}) {
  const storage = new Map(Object.entries(stored));
  const query = new FakeMediaQuery(dark);
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState, cookie: '' });
  const win = Object.assign(new EventTarget(), {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    matchMedia: (media: string) => {
      expect(media).toBe('(prefers-color-scheme: dark)');
      return query;
    },
    navigator: { onLine: online },
    document,
  });
  return { win: win as unknown as Window, storage, query, document, navigator: win.navigator };
}

describe('shell actors', () => {
  it('theme: reads and writes LPX_THEME and follows prefers-color-scheme until stopped', async () => {
    const fake = fakeWindow({ LPX_THEME: 'system' }, { dark: true });
    const actor = createActor(createThemeLogic(fake.win), { input: {} });
    const applied: EventObject[] = [];
    actor.on('theme.apply', (event) => applied.push(event));
    actor.start();
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ style: 'system', osScheme: 'dark' });
    expect(applied).toEqual([{ type: 'theme.apply', style: 'dark' }]);
    fake.query.change(false);
    expect(applied.at(-1)).toEqual({ type: 'theme.apply', style: 'light' });
    actor.send({ type: 'theme.select', style: 'dim' });
    await settled();
    expect(fake.storage.get('LPX_THEME')).toBe('dim');
    actor.stop();
    expect(fake.query.listeners).toBe(0);
  });

  it('container width: reads and writes LPX_LAYOUT; blocked storage counts as nothing saved', async () => {
    const fake = fakeWindow({ LPX_LAYOUT: 'boxed' });
    const actor = createActor(createContainerWidthLogic(fake.win), { input: {} }).start();
    await settled();
    expect(actor.getSnapshot().context.layout).toBe('boxed');
    actor.send({ type: 'layout.select', layout: 'fixed' });
    await settled();
    expect(fake.storage.get('LPX_LAYOUT')).toBe('fixed');

    const blocked = fakeWindow();
    (blocked.win as unknown as { localStorage: unknown }).localStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    const fallback = createActor(createContainerWidthLogic(blocked.win), { input: {} }).start();
    await settled();
    expect(fallback.getSnapshot().context.layout).toBe('full');
  });

  it('menu layout: reads and writes LPX_MENU_LAYOUT; blocked storage counts as nothing saved', async () => {
    const fake = fakeWindow({ LPX_MENU_LAYOUT: 'top-menu' });
    const actor = createActor(createMenuLayoutLogic(fake.win), { input: {} }).start();
    await settled();
    expect(actor.getSnapshot().context.layout).toBe('top-menu');
    actor.send({ type: 'menuLayout.select', layout: 'side-menu' });
    await settled();
    expect(fake.storage.get('LPX_MENU_LAYOUT')).toBe('side-menu');

    const blocked = fakeWindow();
    (blocked.win as unknown as { localStorage: unknown }).localStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    const fallback = createActor(createMenuLayoutLogic(blocked.win), { input: {} }).start();
    await settled();
    expect(fallback.getSnapshot().context.layout).toBe('side-menu');
  });

  it('cookie consent: reads .AspNet.Consent and writes it on path / with its expiry', async () => {
    expect(readCookie('a=1; .AspNet.Consent=true; b=x=y', '.AspNet.Consent')).toBe('true');
    expect(readCookie('a=1', '.AspNet.Consent')).toBeNull();
    const fake = fakeWindow();
    const doc = fake.document as unknown as Document;
    const actor = createActor(createCookieConsentLogic(doc), { input: { now: () => Date.UTC(2026, 0, 15) } }).start();
    await settled();
    expect(actor.getSnapshot().value).toBe('visible');
    actor.send({ type: 'consent.accept' });
    await settled();
    expect(fake.document.cookie).toBe('.AspNet.Consent=true; path=/; expires=Wed, 15 Jul 2026 00:00:00 GMT; SameSite=Lax');
    expect(actor.getSnapshot().value).toBe('hidden');

    fake.document.cookie = '.AspNet.Consent=true';
    const again = createActor(createCookieConsentLogic(doc), { input: {} }).start();
    await settled();
    expect(again.getSnapshot().value).toBe('hidden');
  });

  it('internet status: online/offline events and a re-check when the tab becomes visible', () => {
    const fake = fakeWindow({}, { online: true });
    const actor = createActor(createInternetStatusLogic(fake.win), { input: { isOnline: true } }).start();
    fake.win.dispatchEvent(new Event('offline'));
    // The events carry no status; the actor reads navigator.onLine, which the browser has updated.
    expect(actor.getSnapshot().value).toBe('online');
    fake.navigator.onLine = false;
    fake.win.dispatchEvent(new Event('offline'));
    expect(actor.getSnapshot().value).toBe('offline');
    fake.navigator.onLine = true;
    fake.document.visibilityState = 'hidden';
    fake.document.dispatchEvent(new Event('visibilitychange'));
    expect(actor.getSnapshot().value).toBe('offline');
    fake.document.visibilityState = 'visible';
    fake.document.dispatchEvent(new Event('visibilitychange'));
    expect(actor.getSnapshot().value).toBe('backOnline');
    actor.stop();
  });

  it('language: loads the texts, then sets the culture', async () => {
    const calls: string[] = [];
    const logic = createLanguageLogic({
      loadTexts: async (culture) => void calls.push(`texts ${culture}`),
      setCulture: (culture) => void calls.push(`culture ${culture}`),
    });
    const actor = createActor(logic, {
      input: {
        languages: [
          { cultureName: 'en', displayName: 'English' },
          { cultureName: 'ar', displayName: 'العربية' },
        ],
        currentCulture: 'en',
      },
    }).start();
    actor.send({ type: 'language.select', cultureName: 'ar' });
    await settled();
    await settled();
    expect(calls).toEqual(['texts ar', 'culture ar']);
    expect(actor.getSnapshot().context.culture).toBe('ar');
  });
});
