// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FAQS, HELP_CATEGORIES, searchHelp } from './help';

describe('help center content', () => {
  it('has four categories with articles and six FAQs', () => {
    expect(HELP_CATEGORIES).toHaveLength(4);
    for (const category of HELP_CATEGORIES) expect(category.articles.length).toBeGreaterThan(0);
    expect(FAQS).toHaveLength(6);
  });
});

describe('searchHelp', () => {
  const allArticles = HELP_CATEGORIES.reduce((sum, category) => sum + category.articles.length, 0);

  it('matches everything for an empty or blank query', () => {
    for (const query of ['', '   ']) {
      const result = searchHelp(query);
      expect(result.categories).toHaveLength(4);
      expect(result.faqs).toHaveLength(6);
      expect(result.total).toBe(allArticles + 6);
    }
  });

  it('finds articles and FAQs case-insensitively', () => {
    const result = searchHelp('WI-FI');
    const titles = result.categories.flatMap((entry) => entry.articles.map((article) => article.title));
    expect(titles).toEqual(['Connecting ISAAC to Wi-Fi', 'ISAAC does not connect to Wi-Fi']);
    expect(result.faqs.map((faq) => faq.question)).toEqual(['Does ISAAC need Wi-Fi?']);
    expect(result.total).toBe(3);
  });

  it('requires every word of the query to match', () => {
    const result = searchHelp('pre-filter wash');
    expect(result.categories.flatMap((entry) => entry.articles.map((article) => article.title))).toEqual([
      'How to wash the pre-filter',
    ]);
  });

  it('matches an article by its category title and drops empty categories', () => {
    const result = searchHelp('troubleshooting');
    expect(result.categories).toHaveLength(1);
    expect(result.categories[0]?.category.id).toBe('troubleshooting');
    expect(result.categories[0]?.articles).toHaveLength(4);
  });

  it('treats hyphenated words and their joined or spaced spellings alike', () => {
    expect(searchHelp('wifi').total).toBe(searchHelp('Wi-Fi').total);
    expect(searchHelp('pre filter').total).toBe(searchHelp('pre-filter').total);
    expect(searchHelp('prefilter').total).toBeGreaterThan(0);
  });

  it('searches FAQ answers too', () => {
    expect(searchHelp('25 dB').faqs.map((faq) => faq.question)).toEqual(['Is ISAAC loud?']);
  });

  it('reports no results for an unknown word', () => {
    expect(searchHelp('xylophone')).toEqual({ categories: [], faqs: [], total: 0 });
  });
});
