import type { LANGUAGES } from '../paths';

/** A language of the site (contract::urls::LANGUAGES, through the generated src/paths.ts). */
export type Lang = (typeof LANGUAGES)[number];
