// The banner at the top of content pages: an eyebrow line, the page's one h1, and a lead text.
import type { ReactNode } from 'react';
import type { Picture as PictureData } from '../types';
import { Picture } from './Picture';

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
  /** The background photo: the page's largest image. */
  image?: PictureData;
  children?: ReactNode;
}) {
  return (
    <div className={image ? 'page-header page-header--image' : 'page-header'}>
      {image ? (
        <Picture className="page-header__bg" picture={image} sizes="hero" alt="" fallbackWidth={1600} fallbackHeight={700} priority />
      ) : null}
      <div className="container page-header__inner">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {lead ? <p className="page-header__lead">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
