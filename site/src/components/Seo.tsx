// Page title and description with the agency's name, e.g. 'About Us | Palm Crest Real Estate'.
import { PageMeta } from '../meta';
import { useSiteOptional } from '../shell';

export function Seo({ title, description, nameFirst = false }: { title: string; description: string; nameFirst?: boolean }) {
  const name = useSiteOptional()?.name;
  const full = !name ? title : nameFirst ? `${name} | ${title}` : `${title} | ${name}`;
  return <PageMeta title={full} description={description} />;
}
