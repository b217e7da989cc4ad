// The translator files of language management (server/modules/language-management/text-files.ts):
// JSON and XLIFF 2 written and read back unchanged, whatever the texts hold (markup characters,
// quotes, braces, right-to-left text, keys with spaces); anything else than the shapes written is
// refused with a reason, never read in part (a DOCTYPE, an entity, another XLIFF version or
// namespace, a JSON shape that is not the one written).
import { describe, expect, it } from 'vitest';
import {
  readJson,
  readXliff,
  type TextFile,
  TextFileError,
  writeJson,
  writeXliff,
} from '../../server/modules/language-management/text-files.ts';

const file: TextFile = {
  cultureName: 'ar',
  baseCultureName: 'en',
  entries: [
    { resourceName: 'AbpUi', name: 'Save', source: 'Save', value: 'حفظ' },
    { resourceName: 'AbpUi', name: 'The {0} field is required.', source: 'The {0} field is required.', value: 'الحقل {0} مطلوب.' },
    {
      resourceName: 'Finance.Shell',
      name: 'menu.users',
      source: 'Users & "roles" <b>',
      value: "l'utilisateur & <i>{count, plural, one {#} other {#}}</i>",
    },
  ],
};

describe('language text files', () => {
  it('reads back what it writes, as JSON and as XLIFF 2', () => {
    const values = (f: TextFile) => f.entries.map(({ resourceName, name, value }) => ({ resourceName, name, value }));
    const json = readJson(writeJson(file));
    expect(json).toMatchObject({ cultureName: 'ar', baseCultureName: 'en' });
    expect(values(json)).toEqual(values(file));
    const xml = writeXliff(file);
    expect(xml).toContain('srcLang="en" trgLang="ar"');
    expect(xml).toContain('name="The {0} field is required."');
    expect(xml).toContain('<source>Users &amp; &quot;roles&quot; &lt;b&gt;</source>');
    const xliff = readXliff(xml);
    expect(xliff).toMatchObject({ cultureName: 'ar', baseCultureName: 'en' });
    expect(values(xliff)).toEqual(values(file));
  });

  it('reads a unit without a target as untranslated', () => {
    const xml = writeXliff({ ...file, entries: [{ resourceName: 'AbpUi', name: 'Save', source: 'Save', value: null }] });
    expect(readXliff(xml).entries).toEqual([{ resourceName: 'AbpUi', name: 'Save', value: null }]);
  });

  it('refuses anything else with a reason', () => {
    const xliff = (body: string, root = 'xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr"') =>
      `<?xml version="1.0"?><xliff ${root}>${body}</xliff>`;
    for (const content of [
      '',
      'not xml',
      xliff('<file id="AbpUi"><unit id="u1"><segment><source>a</source><target>b</target></segment></unit>'),
      `<!DOCTYPE xliff [<!ENTITY x SYSTEM "file:///etc/passwd">]>${xliff('<file id="AbpUi"><unit id="u1" name="Save"><segment><target>&x;</target></segment></unit></file>')}`,
      xliff('<file id="AbpUi"><unit id="u1" name="Save"><segment><target>&x;</target></segment></unit></file>'),
      xliff('', 'xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2" trgLang="fr"'),
      xliff('', 'xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"'),
    ]) {
      expect(() => readXliff(content), content).toThrow(TextFileError);
    }
    for (const content of [
      '',
      '[]',
      '{"texts": {}}',
      '{"culture": "fr", "texts": []}',
      '{"culture": "fr", "texts": {"AbpUi": {"Save": 1}}}',
    ]) {
      expect(() => readJson(content), content).toThrow(TextFileError);
    }
  });
});
