import { formatInr } from './constants.ts';
import { STOREFRONT_PATHS } from './paths.ts';

/**
 * The one product catalog (ADR 007): every page and the server read prices from here.
 * Money is integer paise. Every sellable thing has a stable `id` used by the cart and the server.
 */
/** Cart limits: quantity per line and number of lines (the server enforces them too). */
export const MAX_CART_QUANTITY = 20;
export const MAX_CART_LINES = 50;

export type Price = { kind: 'fixed'; paise: number } | { kind: 'from'; paise: number } | { kind: 'quote' };

export type ProductType = 'isaac' | 'skywalker' | 'lumos' | 'automation' | 'surveillance' | 'connected-home';

interface CatalogItemBase {
  id: string;
  name: string;
  description: string;
  features: readonly string[];
  /** Public path of the item's picture (served from apps/web/public). */
  image: string;
  price: Price;
}

/** One of the six landing-page product cards (spec section 3 "Product card"). */
export interface CatalogProduct extends CatalogItemBase {
  kind: 'product';
  /** The card's category label, e.g. 'Air Purifier'. */
  category: string;
  type: ProductType;
  /** The product's own page, when it has one. */
  href?: string;
}

export interface Accessory extends CatalogItemBase {
  kind: 'accessory';
}

/** A replacement filter: the same item (id, name, price) as its accessory entry, plus filter data. */
export interface Filter extends CatalogItemBase {
  kind: 'filter';
  lifespanMonths: number;
  /** Washable filters are cleaned ('Clean Now'), the others replaced ('Replace Now'). */
  washable: boolean;
  compatibility: readonly string[];
}

/** A launch-offer automation package (2/3/4 BHK, Standard/Advanced): quote only. */
export interface LaunchPackage extends CatalogItemBase {
  kind: 'package';
  bhk: 2 | 3 | 4;
  tier: 'Standard' | 'Advanced';
}

/** A Lumos touch-switch kit: a fixed price, fitted and configured by our electricians (issue 15). */
export interface SwitchKit extends CatalogItemBase {
  kind: 'kit';
  switches: number;
}

export type CatalogItem = CatalogProduct | Accessory | Filter | LaunchPackage | SwitchKit;

const rupees = (amount: number): number => amount * 100;
const fixed = (amount: number): Price => ({ kind: 'fixed', paise: rupees(amount) });
const from = (amount: number): Price => ({ kind: 'from', paise: rupees(amount) });

export const CATALOG_PRODUCTS: readonly CatalogProduct[] = [
  {
    kind: 'product',
    id: 'isaac-purifier',
    name: 'ISAAC',
    category: 'Air Purifier',
    type: 'isaac',
    href: STOREFRONT_PATHS.isaacPurifier,
    description:
      'The autonomous air purifier that moves to where the air is worst, cleaning up to 500 sq ft with medical-grade HEPA filtration.',
    features: [
      'Autonomous room-to-room navigation',
      '99.97% filtration of particles down to 0.3 µm',
      'Covers up to 500 sq ft',
      'Whisper quiet: under 25 dB',
      'Up to 60% energy savings',
    ],
    image: '/images/products/isaac-purifier.svg',
    price: fixed(89_999),
  },
  {
    kind: 'product',
    id: 'skywalker-sensor',
    name: 'SKYWALKER',
    category: 'Smart Sensor',
    type: 'skywalker',
    href: STOREFRONT_PATHS.skywalkerSensor,
    description:
      'A compact air-quality sensor that tracks PM2.5, CO₂, VOCs, temperature and humidity and tells ISAAC where to go.',
    features: [
      'PM2.5, CO₂ and VOC monitoring',
      'Temperature and humidity readings',
      'Real-time alerts on your phone',
      'Works with ISAAC and Lumos automations',
    ],
    image: '/images/products/skywalker-sensor.svg',
    price: fixed(3_999),
  },
  {
    kind: 'product',
    id: 'lumos-switches',
    name: 'Smart Touch Switches',
    category: 'Lumos Devices',
    type: 'lumos',
    description:
      'Glass touch switches that fit standard Indian switch boxes and control lights, fans and appliances from the wall or the app.',
    features: [
      '1 to 4 gang glass touch panels',
      'Fits standard modular boxes',
      'Schedules, scenes and voice control',
      'Works offline from the wall',
    ],
    image: '/images/products/lumos-switches.svg',
    price: from(2_999),
  },
  {
    kind: 'product',
    id: 'ultimate-automation',
    name: 'Ultimate Automation Solution',
    category: 'Automation System',
    type: 'automation',
    description:
      'A whole-home automation system designed and installed by our team: lighting, climate, air quality and security in one app.',
    features: [
      'Design consultation and professional installation',
      'Lighting, climate and air-quality automation',
      'Scenes for every room',
      'One app for the whole home',
    ],
    image: '/images/products/ultimate-automation.svg',
    price: from(99_000),
  },
  {
    kind: 'product',
    id: 'smart-surveillance',
    name: 'Smart Surveillance',
    category: 'Security System',
    type: 'surveillance',
    description:
      'Cameras, door sensors and smart locks planned around your home, with alerts and recordings you can check from anywhere.',
    features: [
      'HD indoor and outdoor cameras',
      'Door and window sensors',
      'Instant alerts and cloud recordings',
      'Site survey before installation',
    ],
    image: '/images/products/smart-surveillance.svg',
    price: { kind: 'quote' },
  },
  {
    kind: 'product',
    id: 'connected-homes',
    name: 'Connected Homes',
    category: 'Smart Home System',
    type: 'connected-home',
    description:
      'A complete connected home for new apartments: clean air, smart switches, sensors and security, ready on move-in day.',
    features: [
      'ISAAC purifiers and SKYWALKER sensors',
      'Lumos switches in every room',
      'Security and automation included',
      'Installed and configured by our team',
    ],
    image: '/images/products/connected-homes.svg',
    price: from(1_24_000),
  },
];

export const ACCESSORIES: readonly Accessory[] = [
  {
    kind: 'accessory',
    id: 'hepa-filter',
    name: 'HEPA Filter',
    description: 'True HEPA filter that captures 99.97% of particles down to 0.3 microns.',
    features: ['H13 grade', 'Captures dust, pollen and smoke', 'Lasts about 6 months'],
    image: '/images/accessories/hepa-filter.svg',
    price: fixed(1_299),
  },
  {
    kind: 'accessory',
    id: 'carbon-filter',
    name: 'Carbon Filter',
    description: 'Activated carbon filter that removes odours, smoke and volatile organic compounds.',
    features: ['Activated carbon granules', 'Removes odours and VOCs', 'Lasts about 3 months'],
    image: '/images/accessories/carbon-filter.svg',
    price: fixed(899),
  },
  {
    kind: 'accessory',
    id: 'smart-power-adapter',
    name: 'Smart Power Adapter',
    description: 'Spare power adapter and docking charger for ISAAC.',
    features: ['Fast charging', 'Surge protection', 'Indian plug'],
    image: '/images/accessories/smart-power-adapter.svg',
    price: fixed(599),
  },
  {
    kind: 'accessory',
    id: 'wall-mount-kit',
    name: 'Wall Mount Kit',
    description: 'Mount a SKYWALKER sensor or ISAAC dock on the wall.',
    features: ['Screws and anchors included', 'Tool-free release', 'Fits SKYWALKER and the ISAAC dock'],
    image: '/images/accessories/wall-mount-kit.svg',
    price: fixed(399),
  },
  {
    kind: 'accessory',
    id: 'remote-control',
    name: 'Remote Control',
    description: 'Infrared remote to change ISAAC’s mode and fan speed without the app.',
    features: ['Mode and speed buttons', 'Sleep timer', 'Battery included'],
    image: '/images/accessories/remote-control.svg',
    price: fixed(299),
  },
  {
    kind: 'accessory',
    id: 'filter-replacement-kit',
    name: 'Filter Replacement Kit',
    description: 'One HEPA, one carbon and one pre-filter: a full change for ISAAC.',
    features: ['HEPA, carbon and pre-filter', 'Step-by-step guide', 'Save versus buying separately'],
    image: '/images/accessories/filter-replacement-kit.svg',
    price: fixed(1_999),
  },
  {
    kind: 'accessory',
    id: 'pre-filter',
    name: 'Pre-Filter',
    description: 'Washable mesh pre-filter that catches hair and large dust before the HEPA filter.',
    features: ['Washable and reusable', 'Extends HEPA filter life', 'Clean every 2 months'],
    image: '/images/accessories/pre-filter.svg',
    price: fixed(399),
  },
  {
    kind: 'accessory',
    id: 'filter-bundle-pack',
    name: 'Filter Bundle Pack',
    description: 'A year of clean air: two HEPA filters and two carbon filters.',
    features: ['2 HEPA + 2 carbon filters', 'About a year of use', 'Best value'],
    image: '/images/accessories/filter-bundle-pack.svg',
    price: fixed(2_199),
  },
];

function accessoryById(id: string): Accessory {
  const item = ACCESSORIES.find((accessory) => accessory.id === id);
  if (!item) throw new Error(`Unknown accessory ${id}`);
  return item;
}

/** Replacement filters (spec section 9): the accessory with the same id, plus lifespan and compatibility. */
export const FILTERS: readonly Filter[] = [
  {
    ...accessoryById('hepa-filter'),
    kind: 'filter',
    lifespanMonths: 6,
    washable: false,
    compatibility: ['ISAAC Air Purifier'],
  },
  {
    ...accessoryById('carbon-filter'),
    kind: 'filter',
    lifespanMonths: 3,
    washable: false,
    compatibility: ['ISAAC Air Purifier'],
  },
  {
    ...accessoryById('pre-filter'),
    kind: 'filter',
    lifespanMonths: 2,
    washable: true,
    compatibility: ['ISAAC Air Purifier'],
  },
];

const launchPackage = (bhk: 2 | 3 | 4, tier: 'Standard' | 'Advanced', amount: number): LaunchPackage => ({
  kind: 'package',
  id: `automation-${bhk}bhk-${tier.toLowerCase()}`,
  name: `${bhk} BHK ${tier} Automation Package`,
  bhk,
  tier,
  description: `${tier} launch-offer automation package for a ${bhk} BHK home.`,
  features: [],
  image: '/images/products/ultimate-automation.svg',
  price: from(amount),
});

/** Launch offer (spec section 9): from ₹99,000; prices may vary with additional requirements. */
export const LAUNCH_OFFER = {
  base: from(99_000),
  note: 'Prices may vary with additional requirements.',
  tiers: [
    {
      bhk: 2,
      label: '2 BHK',
      standard: launchPackage(2, 'Standard', 99_000),
      advanced: launchPackage(2, 'Advanced', 1_19_000),
    },
    {
      bhk: 3,
      label: '3 BHK',
      standard: launchPackage(3, 'Standard', 1_24_000),
      advanced: launchPackage(3, 'Advanced', 1_49_000),
    },
    {
      bhk: 4,
      label: '4 BHK',
      standard: launchPackage(4, 'Standard', 1_54_000),
      advanced: launchPackage(4, 'Advanced', 1_99_000),
    },
  ],
} as const;

const LAUNCH_PACKAGES: readonly LaunchPackage[] = LAUNCH_OFFER.tiers.flatMap((tier) => [
  tier.standard,
  tier.advanced,
]);

/** Lumos kits sold by card: installation included (the purchase form asks where). */
export const LUMOS_KITS: readonly SwitchKit[] = [
  {
    kind: 'kit',
    id: 'lumos-2-gang-switch',
    name: 'Lumos 2-Gang Touch Switch',
    switches: 1,
    description: 'One 2-gang Lumos touch switch, fitted in your switchboard and set up by our electrician.',
    features: ['Glass touch panel', 'Works with Google and Alexa', 'Installation included'],
    image: '/images/products/lumos-switches.svg',
    price: fixed(2_999),
  },
  {
    kind: 'kit',
    id: 'lumos-home-kit',
    name: 'Lumos Home Kit',
    switches: 6,
    description:
      'Six Lumos touch switches for a 2 BHK home, fitted, named and set up room by room by our electrician.',
    features: ['6 touch switches (2-gang)', 'Rooms and names set up for you', 'Installation included'],
    image: '/images/products/lumos-switches.svg',
    price: fixed(16_999),
  },
];

/** Every catalog entry. Filters share id, name and price with their accessory entry; lookups return the first. */
export const CATALOG_ITEMS: readonly CatalogItem[] = [
  ...CATALOG_PRODUCTS,
  ...ACCESSORIES,
  ...FILTERS,
  ...LAUNCH_PACKAGES,
  ...LUMOS_KITS,
];

const INSTALLED_PRODUCT_TYPES: readonly ProductType[] = [
  'lumos',
  'automation',
  'surveillance',
  'connected-home',
];

/**
 * Whether an item is installed by our electricians (issue 15): switches, automation packages, connected homes
 * and surveillance are; the purifier, the sensor, accessories and filters are not. Its buyer is asked for the
 * installation address, and its paid order becomes an installation job.
 */
export function needsInstallation(item: CatalogItem): boolean {
  switch (item.kind) {
    case 'product':
      return INSTALLED_PRODUCT_TYPES.includes(item.type);
    case 'package':
    case 'kit':
      return true;
    case 'accessory':
    case 'filter':
      return false;
  }
}

/** Whether any of these catalog ids needs installation (unknown ids do not). */
export function anyNeedsInstallation(ids: readonly string[]): boolean {
  return ids.some((id) => {
    const item = findCatalogItem(id);
    return item !== undefined && needsInstallation(item);
  });
}

export function findCatalogItem(id: string): CatalogItem | undefined {
  return CATALOG_ITEMS.find((item) => item.id === id);
}

/** Finds an item by its name (the spec's `notes.product`), ignoring case and surrounding space. */
export function findCatalogItemByName(name: string): CatalogItem | undefined {
  const wanted = name.trim().toLowerCase();
  return CATALOG_ITEMS.find((item) => item.name.toLowerCase() === wanted);
}

/** '₹89,999', 'From ₹2,999' or 'Custom Quote' (Indian digit grouping). */
export function priceLabel(price: Price): string {
  switch (price.kind) {
    case 'fixed':
      return formatInr(price.paise);
    case 'from':
      return `From ${formatInr(price.paise)}`;
    case 'quote':
      return 'Custom Quote';
  }
}

/** Only fixed prices are ever sold by card; 'From …' and 'Custom Quote' lead to a quote request. */
export function isCardPurchasable(
  item: CatalogItem,
): item is CatalogItem & { price: { kind: 'fixed'; paise: number } } {
  return item.price.kind === 'fixed';
}

/** The amount in paise of a card-purchasable item, or undefined for unknown or quote-only ids. */
export function cardPricePaise(id: string): number | undefined {
  const item = findCatalogItem(id);
  return item && isCardPurchasable(item) ? item.price.paise : undefined;
}

/** Where a quote request for an item goes: the contact form with subject and product preselected. */
export function quoteRequestHref(id: string): string {
  return `/contact?subject=product-inquiry&product=${encodeURIComponent(id)}`;
}
