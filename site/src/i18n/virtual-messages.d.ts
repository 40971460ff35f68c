// The modules the message-sets plugin (src/i18n/sets.ts) generates.
declare module 'virtual:messages' {
  type Loader = () => Promise<{ default: Record<string, string> }>;
  /** The loader of each language's message set (the sets of src/i18n/message-sets.json). */
  export const loaders: Record<'en' | 'ar' | 'ru', Record<string, Loader>>;
}
