// The JSON the generator writes (lead-fn/src/model.rs and generator/src/output.rs are the source).

import type { CardProperty } from './format';

export type MainCategory = 'Residential' | 'Rental' | 'OffPlan' | 'Commercial';

export interface Property {
  _id: string;
  id: string;
  title: string;
  mainCategory: MainCategory;
  subCategory: string;
  Images: string[];
  location: string | null;
  bedrooms: number | null;
  area: number | null;
  price: number | null;
  featured: boolean;
  createdAt: string;
  description: string;
  url: string;
  bathrooms?: number;
  pricePeriod?: 'year' | 'month';
  reference?: string;
  permitNumber?: string;
  permitUrl?: string;
  agent?: string;
  developer?: string;
  completionDate?: string;
  paymentPlan?: { milestone: string; percent: number }[];
  amenities?: string[];
  coordinates?: { lat: number; lng: number };
  translations?: Record<string, { title?: string; description?: string; location?: string }>;
}

export interface Blog {
  _id: string;
  id: string;
  title: string;
  images: string[];
  content: string;
  date: string;
  author: string | null;
  excerpt: string | null;
  slug: string;
  url: string;
  translations?: Record<string, { title?: string | null; excerpt?: string | null; content?: string | null }>;
}

export interface Partner {
  name: string;
  logo: string;
  url: string | null;
  text: string | null;
}

export interface Hero {
  poster: string;
  video: string | null;
}

export interface Site {
  name: string;
  legalName: string | null;
  baseUrl: string;
  logo: string;
  defaultImage: string;
  description: string;
  phones: string[];
  email: string;
  address: string;
  coordinates: { lat: number; lng: number };
  workingHours: string;
  whatsapp: string;
  orn: string;
  social: { network: string; url: string }[];
  partners: Partner[];
  whyUs: string;
  about: string;
  hero: Record<'residential' | 'rental' | 'offPlan' | 'commercial' | 'all', Hero>;
  translations?: Record<string, Partial<Record<'name' | 'description' | 'address' | 'workingHours' | 'whyUs' | 'about', string | null>> | null>;
}

export interface TeamMember {
  id: string;
  name: string;
  role: string;
  image: string;
  brn: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  languages: string[];
  translations?: Record<string, { name?: string | null; role?: string | null } | null>;
}

export interface Developer {
  id: string;
  name: string;
  logo: string;
  projects: number;
  description: string;
  image: string;
  website: string | null;
  translations?: Record<string, { name?: string | null; description?: string | null } | null>;
}

export interface Page {
  id: string;
  title: string;
  description: string | null;
  updated: string | null;
  content: string;
  translations?: Record<string, { title?: string | null; description?: string | null; content?: string | null } | null>;
}

/** A listing's agent in its detail file: the team record's fields the property page shows. */
export type DetailAgent = Pick<TeamMember, 'id' | 'name' | 'role' | 'image' | 'brn' | 'phone' | 'whatsapp' | 'email' | 'translations'>;

/** A listing's developer in its detail file: the name the property page shows. */
export interface DetailDeveloper {
  id: string;
  name: string;
  translations?: Record<string, { name?: string | null } | null>;
}

/**
 * data/detail/{id}.json, what a property page needs beyond its record (generator/src/publish/detail.rs);
 * `agent` and `developer` only when the listing names them.
 */
export interface DetailData {
  similar: CardProperty[];
  qr: string | null;
  agent?: DetailAgent;
  developer?: DetailDeveloper;
}
