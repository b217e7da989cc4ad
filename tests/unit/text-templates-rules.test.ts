// The text templates' own rules outside the kit (#19): the editor saves only the tabs whose text
// changed from what was loaded; the plain-text part of a mail is its rendered body as text (links as
// "label: address", paragraphs as blank lines, entities decoded, no markup left).
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../server/modules/text-templates/render.ts';
import { changedContents, templateCultures } from '../../src/screens/text-templates/template-contents.ts';

const shipped = templateCultures([
  { cultureName: 'en', displayName: 'English' },
  { cultureName: 'ar', displayName: 'العربية' },
  { cultureName: 'fr', displayName: 'Français' },
  { cultureName: 'hy', displayName: 'Հայերեն' },
]);

describe('text templates editor', () => {
  it('saves only the changed tabs, the inline content as cultureName null', () => {
    const loaded = { inline: 'A', en: 'A', ar: 'A', fr: 'F', hy: 'A' };
    const values = { __loaded: loaded, content_inline: 'B', content_en: 'A', content_ar: 'A', content_fr: 'F2', content_hy: 'A' };
    expect(changedContents(values, shipped)).toEqual([
      { key: 'inline', cultureName: null, content: 'B' },
      { key: 'fr', cultureName: 'fr', content: 'F2' },
    ]);
    expect(
      changedContents(
        { __loaded: loaded, content_inline: 'A', content_en: 'A', content_ar: 'A', content_fr: 'F', content_hy: 'A' },
        shipped,
      ),
    ).toEqual([]);
    // An emptied tab is a change too (the server refuses nothing for it: an empty mail body is allowed).
    expect(changedContents({ __loaded: loaded, content_en: '' }, shipped)).toEqual([{ key: 'en', cultureName: 'en', content: '' }]);
  });
  it('has the inline tab first, then one per enabled language; a language added in language management is a tab too', () => {
    const cultures = templateCultures([
      { cultureName: 'en', displayName: 'English' },
      { cultureName: 'de-AT', displayName: 'Deutsch (Österreich)' },
    ]);
    expect(cultures).toEqual([
      { key: 'inline', cultureName: null, label: null },
      { key: 'en', cultureName: 'en', label: 'English' },
      { key: 'de_AT', cultureName: 'de-AT', label: 'Deutsch (Österreich)' },
    ]);
    expect(changedContents({ __loaded: { inline: 'A', en: 'A', de_AT: 'A' }, content_de_AT: 'D' }, cultures)).toEqual([
      { key: 'de_AT', cultureName: 'de-AT', content: 'D' },
    ]);
  });
});

describe('plain-text part of a mail', () => {
  it('keeps the words and the addresses, drops the markup', () => {
    const html =
      '<p>Hello jane &amp; co,</p>\n<p>Open <a href="https://x.test/r?a=1&amp;b=2">the page</a> now.</p><p>https://x.test/r?a=1&amp;b=2</p>' +
      '<style>p{color:red}</style><script>alert(1)</script><p>It&#39;s <strong>42</strong>&nbsp;&#x1F600;</p>';
    expect(htmlToText(html)).toBe(
      "Hello jane & co,\n\nOpen the page: https://x.test/r?a=1&b=2 now.\n\nhttps://x.test/r?a=1&b=2\n\nIt's 42 😀\n",
    );
    expect(htmlToText('<a href="https://x.test">https://x.test</a>')).toBe('https://x.test\n');
  });
});
