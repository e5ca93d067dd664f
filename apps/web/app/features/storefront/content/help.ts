/** Help Center content: four categories of articles and six FAQs. Articles link to the page that answers them. */
export interface HelpArticle {
  title: string;
  href: string;
}

export interface HelpCategory {
  id: string;
  title: string;
  description: string;
  articles: readonly HelpArticle[];
}

export interface Faq {
  question: string;
  answer: string;
}

export const HELP_CATEGORIES: readonly HelpCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    description: 'Unboxing, setup and your first clean.',
    articles: [
      { title: 'Unboxing and charging ISAAC', href: '/support/installation-guide#step-1' },
      { title: 'Connecting ISAAC to Wi-Fi', href: '/support/installation-guide#step-5' },
      { title: 'Mapping your home for the first time', href: '/support/installation-guide#step-6' },
      { title: 'Placing SKYWALKER sensors in each room', href: '/products/skywalker-sensor' },
    ],
  },
  {
    id: 'filters-maintenance',
    title: 'Filters and Maintenance',
    description: 'Keep ISAAC at 99.97% filtration.',
    articles: [
      {
        title: 'When to replace the HEPA and carbon filters',
        href: '/products/replacement-filters#schedule',
      },
      { title: 'How to wash the pre-filter', href: '/support/installation-guide#cleaning-the-pre-filter' },
      { title: 'Resetting the filter reminder', href: '/support/installation-guide#common-issues' },
      { title: 'Filter subscriptions and the 15% discount', href: '/products/replacement-filters#subscribe' },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    description: 'Fix connection, navigation and noise issues.',
    articles: [
      { title: 'ISAAC does not connect to Wi-Fi', href: '/support/installation-guide#common-issues' },
      { title: 'ISAAC cannot find its dock', href: '/support/installation-guide#common-issues' },
      { title: 'SKYWALKER shows no readings', href: '/support/installation-guide#common-issues' },
      { title: 'ISAAC is louder than usual', href: '/support/installation-guide#common-issues' },
    ],
  },
  {
    id: 'orders-warranty',
    title: 'Orders and Warranty',
    description: 'Payments, delivery, returns and warranty claims.',
    articles: [
      { title: 'Paying for an order and getting a receipt', href: '/contact' },
      { title: 'Delivery and installation timelines', href: '/support/contact-support' },
      { title: 'What the warranty covers', href: '/support/warranty' },
      { title: 'Making a warranty claim', href: '/support/warranty#claim' },
    ],
  },
];

export const FAQS: readonly Faq[] = [
  {
    question: 'How large a space can one ISAAC clean?',
    answer:
      'One ISAAC covers up to 500 sq ft. It moves between rooms on its own, so a typical 2 BHK apartment needs one ISAAC; larger homes may want two.',
  },
  {
    question: 'How often do I need to change the filters?',
    answer:
      'Replace the HEPA filter every 6 months and the carbon filter every 3 months. The pre-filter is washable: clean it every 2 months. The app reminds you when each one is due.',
  },
  {
    question: 'Is ISAAC loud?',
    answer:
      'No. In sleep mode ISAAC runs under 25 dB, quieter than a whisper, so it can work through the night.',
  },
  {
    question: 'Does ISAAC need Wi-Fi?',
    answer:
      'ISAAC cleans on its own schedule without Wi-Fi, but the app, sensor-driven cleaning and filter reminders need a 2.4 GHz Wi-Fi network. Setup pairs over Bluetooth first.',
  },
  {
    question: 'What does the warranty cover?',
    answer:
      'The ISAAC purifier has a 2-year warranty, the SKYWALKER sensor 3 years, and filters and accessories 90 days, covering manufacturing defects and hardware failures.',
  },
  {
    question: 'Who installs automation and connected-home systems?',
    answer:
      'Our own installation team. After you request a quote, the team contacts you within 24 hours to plan a site visit, and installs and configures everything.',
  },
];

export interface HelpSearchResult {
  categories: { category: HelpCategory; articles: HelpArticle[] }[];
  faqs: Faq[];
  /** Matching articles plus matching FAQs. */
  total: number;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9.%-]+/g, ' ')
    .trim();
}

/** Both spellings of hyphenated words, so "wi-fi", "wifi", "pre-filter" and "pre filter" all match. */
function searchableText(text: string): string {
  const base = normalise(text);
  return `${base.replace(/-/g, '')} ${base.replace(/-/g, ' ')}`;
}

/**
 * Filters the Help Center as you type: every word of the query must appear in an article's title (or its
 * category's title) or in a FAQ's question or answer. An empty query matches everything.
 */
export function searchHelp(
  query: string,
  categories: readonly HelpCategory[] = HELP_CATEGORIES,
  faqs: readonly Faq[] = FAQS,
): HelpSearchResult {
  const words = normalise(query).replace(/-/g, '').split(' ').filter(Boolean);
  const matches = (text: string) => {
    const haystack = searchableText(text);
    return words.every((word) => haystack.includes(word));
  };
  const matchedCategories = categories
    .map((category) => ({
      category,
      articles: category.articles.filter((article) => matches(`${article.title} ${category.title}`)),
    }))
    .filter((entry) => entry.articles.length > 0);
  const matchedFaqs = faqs.filter((faq) => matches(`${faq.question} ${faq.answer}`));
  const articleCount = matchedCategories.reduce((sum, entry) => sum + entry.articles.length, 0);
  return { categories: matchedCategories, faqs: matchedFaqs, total: articleCount + matchedFaqs.length };
}
