// A long HTML text with Read More / Read Less. The prerendered page (and the first client
// render) show the whole text, so it is readable without JavaScript; once hydrated it collapses
// to its first part and the button appears.
import { useState } from 'react';
import { useT } from '../i18n';
import { useHydrated } from '../shell';

export function ReadMore({ html, id }: { html: string; id: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const [expanded, setExpanded] = useState(false);
  const collapsed = hydrated && !expanded;
  return (
    <div className="read-more">
      <div
        id={id}
        className={collapsed ? 'prose read-more__body is-collapsed' : 'prose read-more__body'}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {hydrated ? (
        <button
          type="button"
          className="button button--outline read-more__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('readMore.less') : t('readMore.more')}
        </button>
      ) : null}
    </div>
  );
}
