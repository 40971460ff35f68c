// The banner at the top of content pages: an eyebrow line, the page's one h1, and a lead text.
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  eyebrow,
  lead,
  image,
  children,
}: {
  title: string;
  eyebrow?: string;
  lead?: string;
  image?: string;
  children?: ReactNode;
}) {
  return (
    <div className={image ? 'page-header page-header--image' : 'page-header'}>
      {image ? <img className="page-header__bg" src={image} alt="" width={1600} height={700} /> : null}
      <div className="container page-header__inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
