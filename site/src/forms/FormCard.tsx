// A page's main form in its card, apart from the fields (fields.tsx): the pages whose forms load
// after them (forms/deferred.tsx) draw the card with the page.
import type { ReactNode } from 'react';

/** A page's main form in its card: a heading that names it, a short note, then the form. */
export function FormCard({ id, title, note, children }: { id: string; title: string; note: string; children: ReactNode }) {
  return (
    <section className="form-card" aria-labelledby={id}>
      <h2 id={id} className="form-card__title">
        {title}
      </h2>
      <p className="form-card__note">{note}</p>
      {children}
    </section>
  );
}
