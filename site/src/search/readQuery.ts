// The query reader: what a visitor types in a search box ('2 bed marina under 3m', 'فيلا
// للإيجار في النخلة', '2-комнатная Дубай Марина до 3 млн') read into the filters it names, the
// rest left as the words of the text query. The lead function's search endpoints read a query by
// the same rules (lead-fn/src/query.rs, where each rule is written out);
// lead-fn/tests/search-vectors.json (`queries`) holds the cases both sides run.
// Loaded with the result page's chips (search/CriteriaChips.tsx), never in a first view.
import type { JsonFile } from '../paths';
import type { Furnishing, SearchTerm, SearchTerms } from '../types';

/**
 * The names the reader looks for: `SEARCH_TERMS` of paths.ts, written here (readQuery.test.ts
 * holds them equal) because a constant of paths.ts that a lazy chunk uses is kept in the entry
 * every page loads, and the first views are at their budget.
 */
export const TERMS_FILE = '/data/search-terms.json' as JsonFile<SearchTerms>;

/** The most tokens a name of a community or type is compared over. */
const MAX_NAME_TOKENS = 8;

export type Purpose = 'sale' | 'rent';

/** What a query says; a filter it does not name is left out. */
export interface Reading {
  /** A community's English name. */
  community?: string;
  /** A property type's English name. */
  type?: string;
  bedrooms?: number;
  /** AED. */
  min?: number;
  max?: number;
  purpose?: Purpose;
  furnishing?: Furnishing;
  offPlan?: true;
  /** The rest: the text query. */
  query?: string;
  /** A name or word was found by its edits: the page says what it searched for. */
  corrected?: true;
}

/** The filters a search already has, which the reader then leaves to it. */
export type Given = 'community' | 'type' | 'bedrooms' | 'price' | 'purpose' | 'furnishing' | 'offPlan';

/** `text` folded for comparison, as `contract::text::fold`: case, accents, Arabic vowel marks and digits. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\u0640]/gu, '')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .toLowerCase();
}

interface Token {
  raw: string;
  key: string;
  used: boolean;
  /** A dash ('-', '–') is between it and the token before: '1m-3m'. */
  dash: boolean;
}

const WORD_CHAR = /[\p{Alphabetic}\p{N}]/u;
const DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/;
/** A hyphen, an en or em dash, a minus sign. */
const DASH = /[-\u2010-\u2015\u2212]/;
const letters = (text: string) => [...text].length;

/**
 * The tokens of `text`: runs of letters and digits; '.' between digits and ',' before three
 * digits (a thousands separator, left out) stay inside a number, and so does a ',' before one or
 * two digits (a decimal comma, '2,5').
 */
function tokens(text: string): Token[] {
  const chars = [...text];
  const digit = (i: number) => i >= 0 && i < chars.length && DIGIT.test(chars[i]!);
  const out: Token[] = [];
  let current = '';
  let dash = false;
  chars.forEach((c, i) => {
    const thousands = c === ',' && digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4);
    const decimal = (c === '.' || c === ',') && digit(i + 1) && !(digit(i + 2) && digit(i + 3) && c === ',');
    const insideNumber = digit(i - 1) && (thousands || decimal);
    if (WORD_CHAR.test(c) || insideNumber) {
      if (!thousands) current += c;
    } else {
      if (current) out.push({ raw: current, key: fold(current), used: false, dash });
      if (current) dash = false;
      current = '';
      if (DASH.test(c)) dash = true;
    }
  });
  if (current) out.push({ raw: current, key: fold(current), used: false, dash });
  return out;
}

/**
 * A name's folded tokens joined by a space: how a run of tokens is compared with it. Kept, as
 * a query is compared with every name for each run of its words (on a phone, the reading of
 * 'Marina' folded the names thousands of times: a task of ~100 ms).
 */
const nameKeys = new Map<string, string>();
function nameKey(name: string): string {
  let key = nameKeys.get(name);
  if (key === undefined) {
    key = tokens(name)
      .map((t) => t.key)
      .join(' ');
    nameKeys.set(name, key);
  }
  return key;
}

/** A type's key: a last 's' ignored, as search compares types. */
const typeKey = (key: string) => (key.endsWith('s') ? key.slice(0, -1) : key);

const isOneOf = (key: string, words: readonly string[]) => words.some((w) => fold(w) === key);

const NUMBER_WORDS = [
  ['one', 'two', 'three', 'four', 'five', 'six', 'seven'],
  ['одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь'],
  ['واحدة', 'اثنتين', 'ثلاث', 'أربع', 'خمس', 'ست', 'سبع'],
];

/** The number a token is, if it is one or two digits or a number word. */
function smallNumber(key: string): number | null {
  if (/^[0-9]{1,2}$/.test(key)) return Number(key);
  for (const list of NUMBER_WORDS) {
    const n = list.findIndex((w) => fold(w) === key);
    if (n >= 0) return n + 1;
  }
  return null;
}

/**
 * What a word after a number counts: bedrooms ('bed', 'спальни', 'غرف'), or, in Russian, a
 * flat's rooms ('комнатная', 'комн.', 'комнаты'), its living room among them.
 */
function countsOf(key: string): 'bedrooms' | 'rooms' | null {
  if (isOneOf(key, ['bed', 'beds', 'bedroom', 'bedrooms', 'br', 'bdr', 'bhk', 'bd', 'غرف', 'غرفة', 'غرفه']) || key.startsWith('спал')) return 'bedrooms';
  return key.startsWith('комн') ? 'rooms' : null;
}

/**
 * The bedrooms of `n` rooms of a Russian flat: one of them is the living room, so N - 1, and a
 * one-room flat ('1-комнатная', 'однокомнатная': one room to live and sleep in) is a studio (0).
 */
const bedroomsOfRooms = (n: number) => Math.max(0, n - 1);

/** 'двухкомнатная', '2комнатная': the bedrooms of the number of rooms a Russian compound names. */
function russianRooms(key: string): number | null {
  const joined = /^([0-9]{1,2})комн/.exec(key);
  if (joined) return bedroomsOfRooms(Number(joined[1]));
  const n = ['одно', 'двух', 'трех', 'четырех', 'пяти', 'шести', 'семи'].findIndex((stem) => key.startsWith(stem) && key.slice(stem.length).startsWith('комнат'));
  return n >= 0 ? bedroomsOfRooms(n + 1) : null;
}

const JOINED_BEDROOMS = ['br', 'bed', 'beds', 'bd', 'bdr', 'bhk', 'bedroom', 'bedrooms'];

/** A number with a bedroom word stuck to it: '2br', '3bed'. */
function joinedBedrooms(key: string): number | null {
  const match = /^([0-9]+)(.*)$/.exec(key);
  if (!match || match[1]!.length > 2) return null;
  return isOneOf(match[2]!, JOINED_BEDROOMS) ? Number(match[1]) : null;
}

function unit(key: string): number | null {
  if (isOneOf(key, ['k', 'thousand', 'тыс', 'тысяч', 'тысячи', 'ألف', 'الاف', 'آلاف'])) return 1_000;
  if (isOneOf(key, ['m', 'mn', 'mln', 'million', 'millions', 'млн', 'миллион', 'миллиона', 'миллионов', 'مليون', 'ملايين'])) return 1_000_000;
  return null;
}

const isCurrency = (key: string) => isOneOf(key, ['aed', 'dh', 'dhs', 'dirham', 'dirhams', 'дирхам', 'дирхамов', 'дирхама', 'درهم', 'دراهم']);

/** The bound words before an amount: the most, then the least. */
const MAX_WORDS = [['under'], ['below'], ['up', 'to'], ['upto'], ['max'], ['less', 'than'], ['до'], ['дешевле'], ['أقل', 'من'], ['تحت'], ['حتى']];
const MIN_WORDS = [['over'], ['above'], ['from'], ['min'], ['more', 'than'], ['от'], ['дороже'], ['أكثر', 'من'], ['فوق']];
/** A price range's words: the one before its least (none, or a word) and the one between its bounds (a dash too). */
const RANGE_WORDS = [[[], ['to']], [['from'], ['to']], [['between'], ['and']], [['от'], ['до']], [['من'], ['إلى']], [['بين'], ['و']]];

/** An amount as typed: its number, its unit if it has one, and the tokens it spans. */
interface Figure {
  value: number;
  unit: number | null;
  span: number;
}
const RENT = ['rent', 'rental', 'rentals', 'renting', 'lease', 'аренда', 'аренду', 'аренды', 'снять', 'إيجار', 'للإيجار', 'بالإيجار', 'الإيجار'];
const SALE = ['sale', 'buy', 'buying', 'purchase', 'продажа', 'продажу', 'купить', 'للبيع', 'بيع', 'شراء'];
const OFF_PLAN = [['off', 'plan'], ['offplan'], ['офф', 'план'], ['оффплан'], ['على', 'الخارطة'], ['قيد', 'الإنشاء']];
/** Words search ignores instead of requiring (lead-fn's `STOP_WORDS`). */
const STOP_WORDS = ['the', 'in', 'for', 'with', 'and', 'في', 'من', 'مع', 'على', 'إلى', 'أو', 'на', 'для', 'по', 'из'];

class Reader {
  constructor(readonly tokens: Token[]) {}

  key(at: number): string | null {
    const token = this.tokens[at];
    return token && !token.used ? token.key : null;
  }

  phraseAt(at: number, words: readonly string[]): boolean {
    return words.every((w, i) => this.key(at + i) === fold(w));
  }

  take(from: number, count: number) {
    for (let i = from; i < from + count; i++) this.tokens[i]!.used = true;
  }

  /** A number from `at` with its unit and currency, if any. */
  figure(at: number): Figure | null {
    const key = this.key(at);
    const match = key === null ? null : /^([0-9][0-9.,]*)(.*)$/.exec(key);
    if (!match) return null;
    let number = match[1]!.replace(',', '.');
    const attached = match[2]!;
    let span = 1;
    if (!attached && !number.includes('.')) {
      let group: string | null;
      while ((group = this.key(at + span)) !== null && /^[0-9]{3}$/.test(group)) {
        number += group;
        span++;
      }
    }
    const value = Number(number);
    if (!Number.isFinite(value)) return null;
    let factor: number | null = null;
    if (!attached) {
      const next = this.key(at + span);
      factor = next === null ? null : unit(next);
      if (factor !== null) span++;
    } else {
      factor = unit(attached);
      if (factor === null) return null;
    }
    const next = this.key(at + span);
    if (next !== null && isCurrency(next)) span++;
    return { value, unit: factor, span };
  }

  /** An amount from `at`: [AED, tokens it spans]. */
  amount(at: number): [number, number] | null {
    const figure = this.figure(at);
    const amount = figure && priced(figure.value, figure.unit);
    return amount === null ? null : [amount, figure!.span];
  }

  /** The first price range ('1m-3m', '1 to 3 million', 'от 1 до 3 млн'), taken: [least, most]. */
  range(): [number, number] | undefined {
    for (let at = 0; at < this.tokens.length; at++) {
      for (const [before, between] of RANGE_WORDS) {
        if (!this.phraseAt(at, before!)) continue;
        const low = this.figure(at + before!.length);
        if (!low) continue;
        const gap = at + before!.length + low.span;
        const from = this.phraseAt(gap, between!) ? gap + between!.length : this.key(gap) !== null && this.tokens[gap]!.dash ? gap : null;
        const high = from === null ? null : this.figure(from);
        if (!high) continue;
        // '2-3 млн': the second bound's unit is the first's too.
        const least = priced(low.value, low.unit ?? high.unit);
        const most = priced(high.value, high.unit);
        if (least === null || most === null) continue;
        this.take(at, from! + high.span - at);
        return [Math.min(least, most), Math.max(least, most)];
      }
    }
    return undefined;
  }

  price(lists: readonly (readonly string[])[]): number | undefined {
    for (let at = 0; at < this.tokens.length; at++) {
      for (const words of lists) {
        if (!this.phraseAt(at, words)) continue;
        const found = this.amount(at + words.length);
        if (found) {
          this.take(at, words.length + found[1]);
          return found[0];
        }
      }
    }
    return undefined;
  }

  bedrooms(): number | undefined {
    for (let at = 0; at < this.tokens.length; at++) {
      const key = this.key(at);
      if (key === null) continue;
      const joined = joinedBedrooms(key) ?? russianRooms(key);
      if (joined !== null) {
        this.take(at, 1);
        return joined;
      }
      if (isOneOf(key, ['studio', 'studios', 'студия', 'студию', 'студии', 'استوديو', 'ستوديو'])) {
        this.take(at, 1);
        return 0;
      }
      const dual = isOneOf(key, ['غرفتين', 'غرفتي', 'بغرفتين', 'بغرفتي']);
      const next = this.key(at + 1);
      const counts = next === null ? null : countsOf(next);
      const number = counts === null ? null : smallNumber(key);
      const counted = number === null ? null : counts === 'rooms' ? bedroomsOfRooms(number) : number;
      const n = counted ?? (dual ? 2 : null);
      if (n !== null) {
        let span = dual ? 1 : 2;
        if (this.key(at + span) === fold('نوم')) span++;
        this.take(at, span);
        return n;
      }
    }
    return undefined;
  }

  purpose(): Purpose | undefined {
    for (let at = 0; at < this.tokens.length; at++) {
      const key = this.key(at);
      if (key === null) continue;
      const purpose: Purpose | null = isOneOf(key, RENT) ? 'rent' : isOneOf(key, SALE) ? 'sale' : null;
      if (purpose === null) continue;
      const before = this.key(at - 1);
      if (before !== null && isOneOf(before, ['for', 'to', 'на', 'в'])) this.take(at - 1, 2);
      else this.take(at, 1);
      return purpose;
    }
    return undefined;
  }

  furnishing(): Furnishing | undefined {
    for (let at = 0; at < this.tokens.length; at++) {
      const key = this.key(at);
      if (key === null) continue;
      const before = this.key(at - 1);
      if (isOneOf(key, ['furnished', 'مفروشة', 'مفروش', 'مفروشه']) || key.startsWith('меблирован')) {
        let from = at;
        let furnishing: Furnishing = 'furnished';
        if (before !== null && isOneOf(before, ['partly', 'semi', 'part', 'نصف'])) [from, furnishing] = [at - 1, 'partly-furnished'];
        else if (before !== null && isOneOf(before, ['not', 'non', 'un', 'غير'])) [from, furnishing] = [at - 1, 'unfurnished'];
        this.take(from, at + 1 - from);
        return furnishing;
      }
      if (key === 'unfurnished') {
        this.take(at, 1);
        return 'unfurnished';
      }
      if (key === fold('мебелью') && before === 'с') {
        this.take(at - 1, 2);
        return 'furnished';
      }
      if (key === fold('мебели') && before === 'без') {
        this.take(at - 1, 2);
        return 'unfurnished';
      }
    }
    return undefined;
  }

  offPlan(): boolean {
    for (let at = 0; at < this.tokens.length; at++) {
      for (const words of OFF_PLAN) {
        if (this.phraseAt(at, words)) {
          this.take(at, words.length);
          return true;
        }
      }
      if (this.key(at) === fold('الخارطة')) {
        this.take(at, 1);
        return true;
      }
    }
    return false;
  }

  /** The unused run of tokens from `at`, at most MAX_NAME_TOKENS long. */
  run(at: number): number {
    let n = 0;
    while (n < MAX_NAME_TOKENS && this.key(at + n) !== null) n++;
    return n;
  }

  joined(at: number, n: number): string {
    return this.tokens
      .slice(at, at + n)
      .map((t) => t.key)
      .join(' ');
  }

  /** The first run of tokens that is one of a term's names: the term's English name. */
  exact(terms: readonly SearchTerm[], types: boolean): string | undefined {
    const compare = (key: string) => (types ? typeKey(key) : key);
    for (let at = 0; at < this.tokens.length; at++) {
      for (let n = this.run(at); n >= 1; n--) {
        const phrase = compare(this.joined(at, n));
        const term = terms.find((t) => names(t).some((name) => compare(nameKey(name)) === phrase));
        if (term) {
          this.take(at, n);
          return term.name;
        }
      }
    }
    return undefined;
  }

  /** The first run of tokens within its edits of a term's name: the nearest term's English name. */
  near(terms: readonly SearchTerm[]): string | undefined {
    for (let at = 0; at < this.tokens.length; at++) {
      for (let n = this.run(at); n >= 1; n--) {
        const phrase = this.joined(at, n);
        if (letters(phrase) < 4 || /[0-9]/.test(phrase)) continue;
        let best: [number, SearchTerm] | null = null;
        for (const term of terms) {
          for (const name of names(term)) {
            const key = nameKey(name);
            if (key.split(' ').length !== n) continue;
            const d = nearEnough(phrase, key);
            if (d !== null && (best === null || d < best[0])) best = [d, term];
          }
        }
        if (best) {
          this.take(at, n);
          return best[1].name;
        }
      }
    }
    return undefined;
  }
}

const names = (term: SearchTerm) => [term.name, ...term.names];

/** A number and its unit as dirhams; without a unit, a number under 1,000 is no price. */
function priced(value: number, unit: number | null): number | null {
  const amount = Math.round(value * (unit ?? 1));
  return (unit === null && amount < 1000) || amount >= 1e13 ? null : amount;
}

/** The edits allowed for a name of `n` letters. */
const allowance = (n: number) => (n <= 3 ? 0 : n <= 7 ? 1 : 2);

/** The edits from `typed` to `name` when within the name's allowance and both start alike. */
function nearEnough(typed: string, name: string): number | null {
  if ([...typed][0] !== [...name][0]) return null;
  const d = edits(typed, name);
  return d <= allowance(letters(name)) ? d : null;
}

/**
 * Whether `typed` (folded) is within its edits of how `name` (folded) starts, both starting
 * alike: the reader's allowance for a misspelt name (one edit up to seven letters, two beyond)
 * applied while the name is still being typed ('marena' for Marina, 'dubia hills' for Dubai Hills
 * Estate). The home search's suggestions forgive typos by it, as the result page does.
 */
export function nearStart(typed: string, name: string): boolean {
  const allowed = allowance(letters(typed));
  if (allowed === 0 || [...typed][0] !== [...name][0]) return false;
  const chars = [...name];
  const length = letters(typed);
  for (let n = Math.max(1, length - allowed); n <= Math.min(chars.length, length + allowed); n++) {
    if (edits(typed, chars.slice(0, n).join('')) <= allowed) return true;
  }
  return false;
}

/** The optimal string alignment distance: letters added, dropped, changed, two neighbours swapped. */
export function edits(first: string, second: string): number {
  const a = [...first];
  const b = [...second];
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Whether a text has a word search requires (lead-fn's `query_words`). */
function hasRequiredWord(text: string): boolean {
  const stop = STOP_WORDS.map(fold);
  return fold(text)
    .split(/[^\p{Alphabetic}\p{N}]+/u)
    .some((word) => letters(word) >= 2 && !stop.includes(word));
}

/** The words of the communities' names, for the rest's spelling; kept for each list of names. */
const vocabularies = new WeakMap<readonly SearchTerm[], Token[]>();
function vocabularyOf(communities: readonly SearchTerm[]): Token[] {
  let vocabulary = vocabularies.get(communities);
  if (!vocabulary) {
    vocabulary = communities
      .flatMap(names)
      .flatMap(tokens)
      .filter((t) => letters(t.key) >= 4 && /^\p{Alphabetic}+$/u.test(t.key));
    vocabularies.set(communities, vocabulary);
  }
  return vocabulary;
}

/**
 * Reads `text` with the `terms`. What the search already has (`given`, the page's controls) is
 * left as it is, and the words naming it are read and set aside: a search kept as typed ('2 bed
 * marina') with the filters read from it is read again to the same search, not to those words.
 */
export function readQuery(text: string, terms: SearchTerms, given: readonly Given[] = []): Reading {
  const reader = new Reader(tokens(text));
  const has = (name: Given) => given.includes(name);
  const reading: Reading = {};
  const set = <K extends keyof Reading>(name: K, value: Reading[K] | undefined) => {
    if (value !== undefined) reading[name] = value;
  };
  const range = reader.range();
  const max = range ? range[1] : reader.price(MAX_WORDS);
  const min = range ? range[0] : reader.price(MIN_WORDS);
  if (!has('price')) {
    set('min', min);
    set('max', max);
  }
  const bedrooms = reader.bedrooms();
  if (!has('bedrooms')) set('bedrooms', bedrooms);
  const purpose = reader.purpose();
  if (!has('purpose')) set('purpose', purpose);
  const furnishing = reader.furnishing();
  if (!has('furnishing')) set('furnishing', furnishing);
  if (reader.offPlan() && !has('offPlan')) reading.offPlan = true;
  const community = reader.exact(terms.communities, false);
  if (!has('community')) set('community', community);
  const type = reader.exact(terms.types, true);
  if (!has('type')) set('type', type);
  if (community === undefined) {
    const near = reader.near(terms.communities);
    if (!has('community') && near !== undefined) {
      set('community', near);
      reading.corrected = true;
    }
  }
  if (type === undefined) {
    const near = reader.near(terms.types);
    if (!has('type') && near !== undefined) {
      set('type', near);
      reading.corrected = true;
    }
  }
  const vocabulary = vocabularyOf(terms.communities);
  const rest = reader.tokens
    .filter((t) => !t.used)
    .map((token) => {
      // A word of the names, or its singular ('tower' of 'Towers'), is kept as typed.
      const known = vocabulary.some((w) => typeKey(w.key) === token.key || w.key === token.key);
      if (letters(token.key) < 5 || known || !/^\p{Alphabetic}+$/u.test(token.key)) return token.raw;
      let best: [number, Token] | null = null;
      for (const word of vocabulary) {
        const d = nearEnough(token.key, word.key);
        if (d !== null && (best === null || d < best[0])) best = [d, word];
      }
      if (!best) return token.raw;
      reading.corrected = true;
      return best[1].raw;
    })
    .join(' ');
  // Ignored words alone ('in', 'في', 'в') are no text query.
  if (hasRequiredWord(rest)) reading.query = rest;
  return reading;
}
