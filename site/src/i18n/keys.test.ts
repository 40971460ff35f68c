// Every language has every key of en.json (the build runs the same check), with correct plural
// forms and placeholders; and the check itself names what is missing.
import { describe, expect, test } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import ru from './ru.json';
import { checkTranslations, translationProblems } from './check';
import { translate } from './index';

describe('translation files', () => {
  test('Arabic and Russian have every key of English, and no unknown key or placeholder', () => {
    expect(checkTranslations(en, { ar, ru })).toEqual([]);
  });

  test('the check names each missing key, per language', () => {
    const english = { 'a.title': 'Title', 'b.count': '{n} things', 'b.count.one': '1 thing' };
    expect(translationProblems('ru', english, { 'a.title': 'Заголовок' })).toEqual([
      'src/i18n/ru.json is missing 2 key(s) of en.json: b.count, b.count.one',
    ]);
    expect(
      translationProblems('ar', english, {
        'a.title': 'عنوان {x}',
        'b.count': '{n} أشياء',
        'b.count.one': 'شيء واحد',
        'b.count.two': 'شيئان',
        'b.unknown': '?',
      }),
    ).toEqual([
      'src/i18n/ar.json: "a.title" uses {x}, which English does not fill',
      'src/i18n/ar.json: "b.unknown" is not a key of en.json (nor a plural form of one)',
    ]);
    expect(translationProblems('ar', english, { 'a.title': ' ', 'b.count': 'x', 'b.count.one': 'y' })).toEqual([
      'src/i18n/ar.json is missing 1 key(s) of en.json: a.title',
    ]);
  });

  test('English texts stay as published', () => {
    expect(translate('en', 'listing.count', { n: 1 })).toBe('1 property available');
    expect(translate('en', 'listing.count', { n: 12 })).toBe('12 properties available');
    expect(translate('en', 'notFound.title')).toBe("Sorry, we couldn't find this page.");
  });
});

describe('plurals', () => {
  test('Russian: 1 объект, 3 объекта, 5 объектов, 21 объект', () => {
    expect(translate('ru', 'areas.count', { n: 1 })).toBe('1 объект');
    expect(translate('ru', 'areas.count', { n: 3 })).toBe('3 объекта');
    expect(translate('ru', 'areas.count', { n: 5 })).toBe('5 объектов');
    expect(translate('ru', 'areas.count', { n: 21 })).toBe('21 объект');
    expect(translate('ru', 'listing.count', { n: 12 })).toBe('12 объектов доступно');
    expect(translate('ru', 'developers.projects', { n: 2 })).toBe('2 проекта');
  });

  test('Arabic: zero, one, two, few, many and other forms, Latin digits', () => {
    expect(translate('ar', 'listing.count', { n: 0 })).toBe('لا توجد عقارات متاحة');
    expect(translate('ar', 'listing.count', { n: 1 })).toBe('عقار واحد متاح');
    expect(translate('ar', 'listing.count', { n: 2 })).toBe('عقاران متاحان');
    expect(translate('ar', 'listing.count', { n: 5 })).toBe('5 عقارات متاحة');
    expect(translate('ar', 'listing.count', { n: 11 })).toBe('11 عقاراً متاحاً');
    expect(translate('ar', 'listing.count', { n: 1200 })).toBe('1,200 عقار متاح');
  });
});
