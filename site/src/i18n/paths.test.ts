// The site's paths per language follow the contract's rules (contract::urls::localized_path and
// split_language): both run the cases of contract/tests/url-vectors.json.
import { describe, expect, test } from 'vitest';
import vectors from '../../../contract/tests/url-vectors.json';
import { isLang, langOfPath, localePath, stripLang } from './index';

describe('paths per language, as contract::urls', () => {
  test.each(vectors.localized)('localePath($lang, $path) is $expected', ({ lang, path, expected }) => {
    if (!isLang(lang)) throw new Error(`${lang} is not a language of the site`);
    expect(localePath(lang, path)).toBe(expected);
  });

  test.each(vectors.split)('$path is $bare in $lang', ({ path, lang, bare }) => {
    expect(langOfPath(path)).toBe(lang);
    expect(stripLang(path)).toBe(bare);
  });
});
