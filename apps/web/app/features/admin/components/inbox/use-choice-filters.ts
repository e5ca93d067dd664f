import { useSearchParams } from 'react-router';
import { useUrlSearchBox } from '~/lib/use-url-search-box';
import type { ChoiceFilters, choiceFilters } from '../../model/inbox-filters';

/**
 * A list's search and choice filter kept in the URL: the filters read from it, `apply` to change them,
 * the search box's text (the URL follows once typing pauses) and `clear`.
 */
export function useChoiceFilters<C extends string>(definition: ReturnType<typeof choiceFilters<C>>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = definition.parse(searchParams);
  const apply = (next: ChoiceFilters<C>, replace = false) =>
    setSearchParams(definition.toParams(next), { replace });
  const [text, setText] = useUrlSearchBox(filters.search, (search) =>
    apply(definition.with(filters, { search }), true),
  );
  return {
    filters,
    apply,
    text,
    setText,
    filtered: definition.isFiltered(filters),
    clear: () => {
      setText('');
      apply(definition.none);
    },
    setChoice: (choice: C | null) => apply(definition.with(filters, { choice })),
    setPage: (page: number) => apply({ ...filters, page }),
  };
}
