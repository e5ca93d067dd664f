import { Link } from 'react-router';
import { BackToHome, PageHero } from '../components/PageHero';
import { container, focusRing, textLink } from '../components/ui';
import type { LegalDoc } from '../content/legal';
import { STOREFRONT_PATHS } from '~/lib/paths';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A legal page: readable static text with a table of contents. */
export function LegalDocument({ doc }: { doc: LegalDoc }) {
  const sectionId = (index: number) => `section-${index + 1}`;
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title={doc.title}
        intro={
          <>
            <p>{doc.summary}</p>
            <p className="mt-2 text-sm text-slate-400">
              Last updated <time dateTime={doc.updated}>{dateFormat.format(new Date(doc.updated))}</time>
            </p>
          </>
        }
      />
      <div className={`${container} grid gap-12 py-14 lg:grid-cols-[16rem_1fr]`}>
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {doc.sections.map((section, index) => (
              <li key={section.heading}>
                <a
                  href={`#${sectionId(index)}`}
                  className={`rounded-sm text-slate-700 hover:text-sky-800 hover:underline ${focusRing}`}
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          {doc.sections.map((section, index) => (
            <section key={section.heading} id={sectionId(index)} className="scroll-mt-20 pb-10">
              <h2 className="text-xl font-bold text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-3 text-base leading-7 text-slate-700">
                  {paragraph}
                </p>
              ))}
              {section.list && (
                <ul className="mt-3 list-disc space-y-2 pl-5 text-base leading-7 text-slate-700 marker:text-sky-700">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="border-t border-slate-200 pt-6 text-sm text-slate-700">
            Questions about this page?{' '}
            <Link to={STOREFRONT_PATHS.contact} className={textLink}>
              Contact us
            </Link>
            .
          </p>
          <div className="mt-8">
            <BackToHome />
          </div>
        </article>
      </div>
    </>
  );
}
