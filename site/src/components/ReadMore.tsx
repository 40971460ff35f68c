// A long HTML text with Read More / Read Less. The prerendered page draws it as the browser does,
// collapsed to its first part with the button, so hydration changes nothing (no shift of what
// follows it); without JavaScript the button cannot work, and the stylesheet shows the whole text
// and hides the button instead (styles/prose.css, `scripting: none`).
import { useState } from 'react';
import { useT } from '../i18n';

export function ReadMore({ html, id }: { html: string; id: string }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  return (
    <div className="read-more">
      <div
        id={id}
        className={expanded ? 'prose read-more__body' : 'prose read-more__body is-collapsed'}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <button
        type="button"
        className="button button--outline read-more__toggle"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? t('readMore.less') : t('readMore.more')}
      </button>
    </div>
  );
}
