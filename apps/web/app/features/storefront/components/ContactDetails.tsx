import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { COMPANY, BUSINESS_HOURS_ROWS } from '../site';
import { focusRing } from './ui';

const linkClass = `rounded-sm font-medium text-sky-700 hover:underline ${focusRing}`;

/** Phone, e-mail, address and business hours (spec section 9). */
export function ContactDetails() {
  return (
    <ul className="space-y-6 text-sm text-slate-700">
      <li className="flex gap-4">
        <Phone aria-hidden="true" className="mt-0.5 flex-none text-sky-700" size={20} />
        <div>
          <p className="font-semibold text-slate-900">Phone</p>
          <a href={COMPANY.phoneHref} className={linkClass}>
            {COMPANY.phone}
          </a>
        </div>
      </li>
      <li className="flex gap-4">
        <Mail aria-hidden="true" className="mt-0.5 flex-none text-sky-700" size={20} />
        <div>
          <p className="font-semibold text-slate-900">E-mail</p>
          <a href={`mailto:${COMPANY.email}`} className={linkClass}>
            {COMPANY.email}
          </a>
        </div>
      </li>
      <li className="flex gap-4">
        <MapPin aria-hidden="true" className="mt-0.5 flex-none text-sky-700" size={20} />
        <div>
          <p className="font-semibold text-slate-900">Headquarters</p>
          <address className="not-italic">
            {COMPANY.name}
            {COMPANY.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      </li>
      <li className="flex gap-4">
        <Clock aria-hidden="true" className="mt-0.5 flex-none text-sky-700" size={20} />
        <div>
          <p className="font-semibold text-slate-900">Business hours</p>
          <BusinessHours />
        </div>
      </li>
    </ul>
  );
}

export function BusinessHours() {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {BUSINESS_HOURS_ROWS.map((row) => (
        <div key={row.days} className="contents">
          <dt>{row.days}</dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
