// The home page's first screen: its headline, typed, and the hero's search panel, islands hydrated
// with the page (islands/registry.ts); the rest of the page's islands (pages/Home.tsx) are deferred.
import { useEffect, useState } from 'react';
import { useLoaderData } from '../nav';
import { useT } from '../i18n';
import { SearchPanel } from '../components/SearchPanel';
import { heroExtras } from '../components/heroExtras';
import type { HomeCards, Picture as PictureData } from '../types';

/** The home page's data (its loader: pages/Home.tsx). */
export interface HomeData {
  heroImage: PictureData;
  whyUs: string;
  untranslated?: string[];
  blocks: HomeCards;
}

/** The typewriter's pace. */
export const TYPE_MS = 100;
export const DELETE_MS = 50;
export const PAUSE_MS = 1000;

/**
 * The next text of the typewriter after `text`, and how long to wait before showing it: types a
 * phrase a letter at a time, pauses, deletes it, then moves to the next phrase.
 */
export function typewriterStep(
  phrases: string[],
  state: { phrase: number; text: string; deleting: boolean },
): { phrase: number; text: string; deleting: boolean; delay: number } {
  const full = phrases[state.phrase] ?? '';
  if (!state.deleting) {
    if (state.text === full) return { ...state, deleting: true, delay: PAUSE_MS };
    return { ...state, text: full.slice(0, state.text.length + 1), delay: TYPE_MS };
  }
  if (state.text === '') {
    const phrase = (state.phrase + 1) % phrases.length;
    return { phrase, text: (phrases[phrase] ?? '').slice(0, 1), deleting: false, delay: TYPE_MS };
  }
  return { ...state, text: state.text.slice(0, -1), delay: DELETE_MS };
}

/** The headline: the first phrase in full on the server and without motion, typed otherwise. */
function Typewriter({ phrases }: { phrases: string[] }) {
  const [text, setText] = useState(phrases[0] ?? '');
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let state = { phrase: 0, text: phrases[0] ?? '', deleting: false };
    let timer: ReturnType<typeof setTimeout>;
    const tick = (delay: number) => {
      timer = setTimeout(() => {
        const next = typewriterStep(phrases, state);
        state = next;
        setText(next.text);
        tick(next.delay);
      }, delay);
    };
    // The first phrase is already shown in full: pause, then go on.
    state = { ...state, deleting: true };
    tick(PAUSE_MS);
    return () => clearTimeout(timer);
  }, [phrases]);
  return (
    <h1 className="home-hero__title">
      {/* Screen readers get both phrases once, not a letter at a time. */}
      <span className="visually-hidden">{phrases.join(' ')}</span>
      {/* Every phrase in full, invisible, in the same grid cell as the typed text: the headline keeps
          the box of the tallest from the prerendered HTML on, so nothing below it moves (no CLS). */}
      {phrases.map((phrase, index) => (
        <span key={index} className="typewriter__sizer" aria-hidden="true">
          {phrase}
          <span className="typewriter__caret" />
        </span>
      ))}
      <span className="typewriter" aria-hidden="true">
        {text}
        <span className="typewriter__caret" />
      </span>
    </h1>
  );
}

/** The two headline phrases, one array per language (a stable dependency for the effect). */
function usePhrases(): string[] {
  const t = useT();
  const first = t('home.headline');
  const second = t('home.headline2');
  const [phrases, setPhrases] = useState([first, second]);
  if (phrases[0] !== first || phrases[1] !== second) setPhrases([first, second]);
  return phrases;
}

/** The headline, typed (an island: islands/registry.ts). */
export function HomeTypewriter() {
  return <Typewriter phrases={usePhrases()} />;
}

/** The hero's search panel. */
export function HomeSearch() {
  const { blocks } = useLoaderData() as HomeData;
  return <SearchPanel kind="home" types={blocks.types} extras={heroExtras('search-home')} />;
}

