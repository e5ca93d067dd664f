import { ChevronDown, Search } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAdoptTypedValues } from '~/lib/use-hydrated';
import { focusRing } from '../components/ui';
import { searchHelp } from '../content/help';
import { STOREFRONT_PATHS } from '~/lib/paths';

/** Help Center search: filters the four categories' articles and the six FAQs as you type. */
export function HelpCenterSearch() {
  const [query, setQuery] = useState('');
  const result = searchHelp(query);
  const inputId = useId();
  const statusId = useId();
  const searching = query.trim() !== '';
  // A query typed while the page was still loading filters as soon as the page is interactive.
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(formRef, (typed) => {
    if (typed.q !== undefined) setQuery(typed.q);
  });

  return (
    <div>
      <form
        ref={formRef}
        role="search"
        aria-label="Help articles"
        onSubmit={(event) => event.preventDefault()}
        className="max-w-2xl"
      >
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-900">
          Search help articles and FAQs
        </label>
        <div className="relative mt-2">
          <Search
            aria-hidden="true"
            size={20}
            className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. Wi-Fi, filter, warranty"
            aria-describedby={statusId}
            autoComplete="off"
            className="w-full rounded-full border border-slate-300 bg-white py-3 pr-4 pl-12 text-base text-slate-900 placeholder:text-slate-500 focus:border-sky-600 focus:ring-2 focus:ring-sky-500 focus:outline-none"
          />
        </div>
        <p id={statusId} role="status" aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-600">
          {searching
            ? `${result.total} ${result.total === 1 ? 'result' : 'results'} for “${query.trim()}”`
            : ''}
        </p>
      </form>

      {searching && result.total === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold text-slate-900">No results for “{query.trim()}”</p>
          <p className="mt-2 text-sm text-slate-600">
            Try other words, browse the categories after clearing the search, or{' '}
            <Link
              to={STOREFRONT_PATHS.contactSupport}
              className={`font-semibold text-sky-700 underline ${focusRing}`}
            >
              contact support
            </Link>
            .
          </p>
          <button
            type="button"
            onClick={() => setQuery('')}
            className={`mt-4 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 ${focusRing}`}
          >
            Clear search
          </button>
        </div>
      ) : (
        <>
          {result.categories.length > 0 && (
            <section aria-labelledby="help-categories" className="mt-8">
              <h2 id="help-categories" className="text-2xl font-bold text-slate-900">
                Browse by category
              </h2>
              <div className="mt-6 grid gap-6 md:grid-cols-2">
                {result.categories.map(({ category, articles }) => (
                  <section
                    key={category.id}
                    aria-labelledby={`category-${category.id}`}
                    className="rounded-2xl border border-slate-200 bg-white p-6"
                  >
                    <h3 id={`category-${category.id}`} className="text-lg font-semibold text-slate-900">
                      {category.title}
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">{category.description}</p>
                    <ul className="mt-4 space-y-2">
                      {articles.map((article) => (
                        <li key={article.title}>
                          <Link
                            to={article.href}
                            className={`rounded-sm text-sm font-medium text-sky-700 hover:underline ${focusRing}`}
                          >
                            {article.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </section>
          )}

          {result.faqs.length > 0 && (
            <section aria-labelledby="help-faqs" className="mt-12">
              <h2 id="help-faqs" className="text-2xl font-bold text-slate-900">
                Frequently asked questions
              </h2>
              <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {result.faqs.map((faq) => (
                  <details key={faq.question} className="group p-5">
                    <summary
                      className={`flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden ${focusRing}`}
                    >
                      {faq.question}
                      <ChevronDown
                        aria-hidden="true"
                        size={20}
                        className="flex-none text-slate-500 transition-transform group-open:rotate-180"
                      />
                    </summary>
                    <p className="mt-3 text-sm leading-6 text-slate-600">{faq.answer}</p>
                  </details>
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
