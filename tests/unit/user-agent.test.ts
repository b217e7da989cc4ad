// The readable device of a user-agent string (issue 20.9), on strings real browsers and clients send.
import { describe, expect, it } from 'vitest';
import { deviceName, deviceParts } from '../../src/views/kit/user-agent.ts';

const on = (browser: string, platform: string) => `${browser} on ${platform}`;

const cases: Array<[string, string]> = [
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', 'Chrome 142 on Linux'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', 'Chrome 156 on Linux'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Safari 18 on iPhone',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
    'Safari 17 on iPad',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/142.0.7444.46 Mobile/15E148 Safari/604.1',
    'Chrome 142 on iPhone',
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0', 'Firefox 145 on Windows'],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.3595.53',
    'Microsoft Edge 142 on Windows',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 OPR/124.0.0.0',
    'Opera 124 on Windows',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15',
    'Safari 26 on macOS',
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
    'Chrome 142 on Android',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36',
    'Samsung Internet for Android 28 on Android',
  ],
  ['curl/8.5.0', 'curl 8.5.0'],
  ['PostmanRuntime/7.43.0', 'PostmanRuntime 7.43.0'],
  ['node', 'node'],
];

describe('deviceName', () => {
  it.each(cases)('%s', (userAgent, expected) => {
    expect(deviceName(userAgent, on)).toBe(expected);
  });

  it('says nothing without a user agent, so the screen can say it does not know', () => {
    expect(deviceName(null, on)).toBeNull();
    expect(deviceName(undefined, on)).toBeNull();
    expect(deviceName('   ', on)).toBeNull();
  });

  it('hands the parts to the language (word order and the word "on" are its own)', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
    expect(deviceParts(ua)).toEqual({ browser: 'Chrome 142', platform: 'Linux' });
    expect(deviceName(ua, (browser, platform) => `${browser} على ${platform}`)).toBe('Chrome 142 على Linux');
  });
});
