/**
 * The web's one route-path module: the contract's path constants (shared with `dashboardPathForRole`)
 * plus the links that carry a query (a dialog to open, a filter to apply). routes.ts, public-routes.ts,
 * the menus and every internal link read from here instead of repeating literals.
 */
import {
  ADMIN_PATHS,
  AUTH_PATHS,
  ELECTRICIAN_PATHS,
  OWNER_PATHS,
  QUOTE_PAGE_PATH,
  quotePagePath,
  STOREFRONT_PATHS,
} from '@isaac/contract';

export {
  ADMIN_PATHS,
  AUTH_PATHS,
  ELECTRICIAN_PATHS,
  OWNER_PATHS,
  QUOTE_PAGE_PATH,
  quotePagePath,
  STOREFRONT_PATHS,
};

/** The owner's links that open a screen in a given state. */
export const ownerLinks = {
  /** The devices screen with the Add Device dialog open. */
  addDevice: `${OWNER_PATHS.devices}?add=1`,
  /** The rooms screen with the Create Room dialog open. */
  addRoom: `${OWNER_PATHS.rooms}?add=1`,
  /** The devices screen filtered to one room. */
  devicesInRoom: (roomId: string) => `${OWNER_PATHS.devices}?room_id=${encodeURIComponent(roomId)}`,
  /** An order's printable tax invoice. */
  invoice: (orderId: string) => `${OWNER_PATHS.orders}/${encodeURIComponent(orderId)}/invoice`,
} as const;

/** The contact page with its subject chosen. */
export const contactLink = (subject: string) =>
  `${STOREFRONT_PATHS.contact}?subject=${encodeURIComponent(subject)}`;

/**
 * A path as React Router's route config wants it: relative to its parent (`'/owner/devices'` under
 * `'/owner'` → `'devices'`; a top-level path loses its leading slash).
 */
export function routePath(path: string, parent = ''): string {
  if (parent && !path.startsWith(`${parent}/`)) throw new Error(`${path} is not under ${parent}`);
  return path.slice(parent.length + 1);
}
