import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HEADER_OPAQUE_AFTER_PX } from '@isaac/contract';
import { useHydrated } from '~/lib/use-hydrated';
import { CartButton } from '../commerce/CartButton';
import { Brand } from '~/components/Brand';
import { container, focusRing } from '../components/ui';
import { LANDING_ANCHORS } from '../site';
import { useScrolledPast } from './use-scrolled';
import { STOREFRONT_PATHS } from '~/lib/paths';

const navLink = `rounded-sm text-sm font-medium text-white/90 transition-colors hover:text-white ${focusRing}`;

/**
 * Fixed header over every public page: transparent over the dark hero, opaque (solid background and a
 * shadow) once the page is scrolled more than HEADER_OPAQUE_AFTER_PX, or while the mobile menu is open.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(HEADER_OPAQUE_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const opaque = scrolled || menuOpen;
  // The menu button works once the page is hydrated (scripts load after the first paint).
  const hydrated = useHydrated();

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      data-opaque={opaque ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        opaque ? 'bg-slate-950 shadow-lg shadow-slate-950/30' : 'bg-transparent'
      }`}
    >
      <div className={`${container} flex h-16 items-center justify-between gap-4`}>
        <Link
          to={STOREFRONT_PATHS.home}
          className={`flex items-center gap-2 rounded-md text-white ${focusRing}`}
          aria-label="Isaac home"
        >
          <Brand />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-8">
            {LANDING_ANCHORS.map((anchor) => (
              <li key={anchor.href}>
                <Link to={anchor.href} className={navLink}>
                  {anchor.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <CartButton />
          <Link
            to={STOREFRONT_PATHS.isaacPurifier}
            className={`hidden rounded-full bg-sky-500 px-4 py-2 text-sm font-semibold text-slate-950 transition-colors hover:bg-sky-400 sm:inline-flex ${focusRing}`}
          >
            Get Isaac
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-white hover:bg-white/10 md:hidden ${focusRing}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            disabled={!hydrated}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
          </button>
        </div>
      </div>

      <nav id={menuId} aria-label="Mobile" hidden={!menuOpen} className="border-t border-white/10 md:hidden">
        <ul className={`${container} flex flex-col gap-1 py-4`}>
          {LANDING_ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <Link
                to={anchor.href}
                onClick={closeMenu}
                className={`block rounded-md px-3 py-3 text-base font-medium text-white hover:bg-white/10 ${focusRing}`}
              >
                {anchor.label}
              </Link>
            </li>
          ))}
          <li className="mt-2">
            <Link
              to={STOREFRONT_PATHS.isaacPurifier}
              onClick={closeMenu}
              className={`block rounded-full bg-sky-500 px-4 py-3 text-center text-base font-semibold text-slate-950 hover:bg-sky-400 ${focusRing}`}
            >
              Get Isaac
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
