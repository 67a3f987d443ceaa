import type { ContentComponent } from '@openbroker/domain';
import {
  button,
  divider,
  img,
  lastUpdated,
  legalSections,
  type PageContext,
  type PageSeed,
  pageBanner,
  paragraphs,
  type SeedLang,
  section,
  text,
} from './components.js';

/** The frame every legal page shares: a small banner, an intro, numbered sections, a contact box. */
export function legalPage(
  ctx: PageContext,
  lang: SeedLang,
  page: {
    slug: string;
    title: string;
    description: string;
    intro: string;
    sections: readonly (readonly [string, string])[];
    /** Extra components after the sections (a table, a notice). */
    extra?: ContentComponent[];
  },
): PageSeed {
  const de = lang === 'de';
  const { facts } = ctx;
  return {
    slug: page.slug,
    lang,
    title: page.title,
    description: page.description,
    components: [
      pageBanner({
        title: page.title,
        summary: lastUpdated(lang),
        image: img('illustrations/legal.svg', '', 720, 400),
        height: 'small',
      }),
      text(page.intro),
      divider(),
      ...legalSections(page.sections),
      ...(page.extra ?? []),
      section(
        { background: 'muted' },
        text(
          de
            ? paragraphs(
                `Fragen zu diesem Dokument beantwortet unser Compliance-Team unter ${facts.supportEmail}.`,
                `${facts.legalName}, ${facts.address}. ${facts.registration}.`,
              )
            : paragraphs(
                `Our compliance team answers questions about this document at ${facts.supportEmail}.`,
                `${facts.legalName}, ${facts.address}. ${facts.registration}.`,
              ),
        ),
        button(de ? 'Kontakt' : 'Contact us', '/contact-us', 'outline-primary'),
      ),
    ],
  };
}
