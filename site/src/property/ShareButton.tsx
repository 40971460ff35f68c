// Share: the Web Share API where the browser has it (phones), else the link is copied to the
// clipboard; where even that is refused, the link is shown selected, ready to copy.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../components/Icon';

type Outcome = 'idle' | 'copied' | 'manual';

/** `buttonClass`: the button's look (the property page's is for its dark price card). */
export function ShareButton({ title, text, url, buttonClass = 'button button--ghost button--block' }: { title: string; text: string; url: string; buttonClass?: string }) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome === 'manual') field.current?.select();
    if (outcome !== 'copied') return;
    const timer = window.setTimeout(() => setOutcome('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const share = async () => {
    // The page may be served under another host than the canonical one (a preview, estate serve).
    const link = new URL(url, window.location.href).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: link });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing else to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setOutcome('copied');
    } catch {
      setOutcome('manual');
    }
  };

  return (
    <div className="share">
      <button type="button" className={`${buttonClass} share__button`} onClick={() => void share()}>
        <Icon name="share" size={18} />
        <span>{t('property.share')}</span>
      </button>
      <p className="share__status" role="status">
        {outcome === 'copied' ? t('property.share.copied') : null}
      </p>
      {outcome === 'manual' ? (
        <label className="share__manual">
          <span>{t('property.share.manual')}</span>
          <input ref={field} type="url" readOnly value={new URL(url, window.location.href).href} />
        </label>
      ) : null}
    </div>
  );
}
