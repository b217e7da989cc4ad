// The texts the server serves (GET /api/abp/application-localization, one request per culture when
// the page loads): the shipped texts with language management's overrides applied, so an edited text
// shows on the next page load. Until they arrive, or when the server cannot be reached, the SPA shows
// its bundled English (each area's `en` set), never a raw key.
export type ResourceTexts = Record<string, Record<string, string>>;

interface Loaded {
  culture: string;
  resources: ResourceTexts;
}

let loaded: Loaded | null = null;
let version = 0;
const listeners = new Set<() => void>();

const languageOf = (culture: string) => culture.split(/[-_]/)[0]!.toLowerCase();

/** The server's text of a key in a resource for a culture, if the server's texts of that culture are loaded. */
export function serverText(resource: string, culture: string, key: string): string | undefined {
  if (!loaded || loaded.culture !== languageOf(culture)) return undefined;
  return loaded.resources[resource]?.[key];
}

/** Keeps the texts of a culture (the resources of an application-localization answer). */
export function setServerTexts(culture: string, resources: ResourceTexts): void {
  loaded = { culture: languageOf(culture), resources };
  notifyTextsChanged();
}

export function serverTextsVersion(): number {
  return version;
}

export function subscribeServerTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

interface LocalizationAnswer {
  resources: Record<string, { texts: Record<string, string> }>;
}

/** Tells the readers that what they show may have changed (texts loaded, time zone set). */
export function notifyTextsChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * Loads the texts of a culture; resolves either way, after at most `timeoutMs` (a failure or a slow
 * server keeps the bundled English). `fetcher` is the app's HTTP call to
 * /api/abp/application-localization (it sends the access token, so a tenant's overrides apply).
 */
export async function loadServerTexts(
  culture: string,
  fetcher: (query: { cultureName: string; onlyDynamics: false; compiledMessages: true }) => Promise<LocalizationAnswer>,
  timeoutMs = 5000,
): Promise<void> {
  const language = languageOf(culture);
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    });
    const answer = await Promise.race([fetcher({ cultureName: language, onlyDynamics: false, compiledMessages: true }), timeout]).finally(
      () => clearTimeout(timer),
    );
    const resources: ResourceTexts = {};
    for (const [name, resource] of Object.entries(answer.resources ?? {})) {
      if (name.startsWith('Finance.')) resources[name] = resource.texts;
    }
    setServerTexts(language, resources);
  } catch {
    // Offline or the server failed: the bundled English stays.
  }
}
