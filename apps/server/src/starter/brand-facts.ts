/** Facts about a brand the seeded pages interpolate (legal entity, office, licence). */
export interface BrandFacts {
  slug: string;
  name: string;
  legalName: string;
  /** Company register entry, e.g. 'HE 412907'. */
  registration: string;
  /** Who licenses it and the licence number; demo data, no real licence. */
  licence: string;
  /** Registered office, one line. */
  address: string;
  city: string;
  country: string;
  phone: string;
  supportEmail: string;
  lat: number;
  lng: number;
  founded: number;
  tagline: { en: string; de: string };
}
