// A readable device from a user-agent string (issue 20.9): "Chrome 142 on Linux", "Safari 18 on
// iPhone", "curl 8.0". Bowser (MIT) reads the string; it is imported only here, so it loads with the
// screens that show devices, never with the first page. Rules: the browser with its major version;
// the platform is the Apple device (iPhone, iPad) where the string names one, else the operating
// system; a client that is no browser shows its first product token ("curl/8.0" as "curl 8.0"); no
// string, nothing (the screen says 'Unknown device'). The full string stays available beside it (a
// tooltip in the lists, the detail).
import { parse } from 'bowser';

export interface DeviceParts {
  browser: string | null;
  platform: string | null;
}

const appleDevices = new Set(['iPhone', 'iPad', 'iPod']);

export function deviceParts(userAgent: string | null | undefined): DeviceParts | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const { browser, os, platform } = parse(text);
  if (!browser.name) {
    const product = text.split(/\s/)[0]!;
    return { browser: product.replace('/', ' '), platform: null };
  }
  const major = browser.version?.split('.')[0];
  const model = platform.vendor === 'Apple' && platform.model && appleDevices.has(platform.model) ? platform.model : null;
  return { browser: major ? `${browser.name} ${major}` : browser.name, platform: model ?? os.name ?? null };
}

/** "Chrome 142 on Linux" with `on` the language's "{0} on {1}"; null without a user agent. */
export function deviceName(userAgent: string | null | undefined, on: (browser: string, platform: string) => string): string | null {
  const parts = deviceParts(userAgent);
  if (!parts) return null;
  return parts.browser && parts.platform ? on(parts.browser, parts.platform) : (parts.browser ?? parts.platform);
}
