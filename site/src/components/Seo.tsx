// Page title and description with the agency's name, e.g. 'About Us | Palm Crest Real Estate'.
import { PageMeta } from '../meta';
import { useSiteOptional } from '../shell';

export function Seo({
  title,
  description,
  nameFirst = false,
  canonical,
  image,
  jsonLd,
  noindex,
  firstScreen,
}: {
  title: string;
  description: string;
  nameFirst?: boolean;
  /** Absolute (or, without a known base URL, root-relative) address of the page. */
  canonical?: string;
  /** The image link previews show, as an absolute URL where the base URL is known. */
  image?: string;
  /** Structured data (JSON, safe inside a script element) for the prerendered page's head. */
  jsonLd?: string;
  /** Keep the page out of search engines (the editors' pages). */
  noindex?: boolean;
  /** The id of the empty element that ends the first screen (meta.tsx `Meta.firstScreen`). */
  firstScreen?: string;
}) {
  const name = useSiteOptional()?.name;
  const full = !name ? title : nameFirst ? `${name} | ${title}` : `${title} | ${name}`;
  return <PageMeta title={full} description={description} canonical={canonical} image={image} siteName={name} jsonLd={jsonLd} noindex={noindex} firstScreen={firstScreen} />;
}
