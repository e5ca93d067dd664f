import { Link } from 'react-router';
import { footerLink } from '../components/ui';
import { FOOTER_GROUPS } from '../site';

/** The footer's link groups (spec section 1). */
export function FooterNav() {
  return (
    <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
      {FOOTER_GROUPS.map((group) => (
        <div key={group.title}>
          <h2 className="text-sm font-semibold text-white">{group.title}</h2>
          <ul className="mt-4 space-y-3">
            {group.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
