/** Company values and impact figures: the landing page's About section and /company/about-us. */
export const COMPANY_VALUES = [
  {
    title: 'Clean air is a right',
    body: 'Indian cities have some of the most polluted air in the world. We build products that make every room of a home safe to breathe in, and price them to reach more homes.',
  },
  {
    title: 'Engineered for Indian homes',
    body: 'Designed and tested in Bengaluru for Indian floor plans, dust loads, monsoon humidity and power cuts.',
  },
  {
    title: 'Privacy first',
    body: 'Your home map and sensor readings stay yours. We never sell personal data, and you can export or delete it at any time.',
  },
  {
    title: 'Service that shows up',
    body: 'Our own installation team sets up every system and stays a phone call away for as long as you own it.',
  },
] as const;

export const IMPACT_STATS = [
  { value: '50K+', label: 'Homes Protected' },
  { value: '14', label: 'Cities served' },
  { value: '2.1M', label: 'Hours of clean air delivered each month' },
  { value: '4.8/5', label: 'Average customer rating' },
] as const;
