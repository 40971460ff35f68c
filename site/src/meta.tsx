// Page title and description. The prerender collects them into <head>; in the browser they
// update document.title and the description tag after navigation. Renders nothing, so the
// hydrated markup is identical on both sides.
import { createContext, useContext, useEffect } from 'react';

export interface Meta {
  title: string;
  description: string;
}

export const MetaContext = createContext<(meta: Meta) => void>(() => {});

export function PageMeta({ title, description }: Meta): null {
  const collect = useContext(MetaContext);
  if (typeof window === 'undefined') collect({ title, description });
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
}
