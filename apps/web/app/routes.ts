import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import {
  ADMIN_PATHS as ADMIN,
  AUTH_PATHS as AUTH,
  ELECTRICIAN_PATHS as ELECTRICIAN,
  OWNER_PATHS as OWNER,
  QUOTE_PAGE_PATH,
  STOREFRONT_PATHS as SHOP,
  routePath as at,
} from './lib/paths';

export default [
  // storefront (public, prerendered)
  index('routes/home.tsx'),
  route(at(SHOP.isaacPurifier), 'routes/products.isaac-purifier.tsx'),
  route(at(SHOP.skywalkerSensor), 'routes/products.skywalker-sensor.tsx'),
  route(at(SHOP.accessories), 'routes/products.accessories.tsx'),
  route(at(SHOP.replacementFilters), 'routes/products.replacement-filters.tsx'),
  route(at(SHOP.helpCenter), 'routes/support.help-center.tsx'),
  route(at(SHOP.installationGuide), 'routes/support.installation-guide.tsx'),
  route(at(SHOP.warranty), 'routes/support.warranty.tsx'),
  route(at(SHOP.contactSupport), 'routes/support.contact-support.tsx'),
  route(at(SHOP.aboutUs), 'routes/company.about-us.tsx'),
  route(at(SHOP.careers), 'routes/company.careers.tsx'),
  route(at(SHOP.press), 'routes/company.press.tsx'),
  route(at(SHOP.investors), 'routes/company.investors.tsx'),
  route(at(SHOP.privacyPolicy), 'routes/legal.privacy-policy.tsx'),
  route(at(SHOP.termsOfService), 'routes/legal.terms-of-service.tsx'),
  route(at(SHOP.cookiePolicy), 'routes/legal.cookie-policy.tsx'),
  route(at(SHOP.gdpr), 'routes/legal.gdpr.tsx'),
  route(at(SHOP.contact), 'routes/contact.tsx'),
  route(at(SHOP.paymentSuccess), 'routes/payment-success.tsx'),
  // a quote's payment page, opened from the quote e-mail's link (not prerendered: the token is in the path)
  route(at(QUOTE_PAGE_PATH), 'routes/quote.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),

  // auth and tools
  route(at(AUTH.login), 'routes/login.tsx'),
  route(at(AUTH.consent), 'routes/oauth.consent.tsx'),
  route(`${at(AUTH.invite)}/:token`, 'routes/invite.tsx'),
  route(`${at(AUTH.homeInvite)}/:token`, 'routes/home-invite.tsx'),
  route(at(AUTH.voiceDemo), 'routes/voice-demo.tsx'),
  route(at(AUTH.debug), 'routes/debug.tsx'),

  // back office (client-only, behind the auth provider and the route guard)
  layout('routes/signed-in.tsx', [
    route(at(AUTH.dashboard), 'routes/dashboard.tsx'),
    route(`${at(AUTH.dashboard)}/*`, 'routes/dashboard.splat.tsx'),
    route(at(ADMIN.root), 'routes/admin.tsx', [
      index('routes/admin._index.tsx', { id: 'admin-index' }),
      route(at(ADMIN.dashboard, ADMIN.root), 'routes/admin.dashboard.tsx'),
      route(at(ADMIN.users, ADMIN.root), 'routes/admin.users.tsx'),
      route(at(ADMIN.devices, ADMIN.root), 'routes/admin.devices.tsx'),
      route(at(ADMIN.firmware, ADMIN.root), 'routes/admin.devices.firmware.tsx'),
      route(at(ADMIN.rollouts, ADMIN.root), 'routes/admin.devices.rollouts.tsx'),
      route(at(ADMIN.electricians, ADMIN.root), 'routes/admin.electricians.tsx'),
      route(at(ADMIN.installations, ADMIN.root), 'routes/admin.installations.tsx'),
      route(at(ADMIN.settings, ADMIN.root), 'routes/admin.settings.tsx'),
      route(at(ADMIN.reports, ADMIN.root), 'routes/admin.reports.tsx'),
      route(at(ADMIN.activity, ADMIN.root), 'routes/admin.activity.tsx'),
      route(at(ADMIN.orders, ADMIN.root), 'routes/admin.orders.tsx'),
      route(at(ADMIN.messages, ADMIN.root), 'routes/admin.messages.tsx'),
      route(at(ADMIN.quotes, ADMIN.root), 'routes/admin.quotes.tsx'),
      route(at(ADMIN.outbox, ADMIN.root), 'routes/admin.outbox.tsx'),
    ]),
    route(at(ELECTRICIAN.root), 'routes/electrician.tsx', [
      index('routes/electrician._index.tsx', { id: 'electrician-index' }),
      route(at(ELECTRICIAN.dashboard, ELECTRICIAN.root), 'routes/electrician.dashboard.tsx'),
      route(at(ELECTRICIAN.devices, ELECTRICIAN.root), 'routes/electrician.devices.tsx'),
      route(at(ELECTRICIAN.users, ELECTRICIAN.root), 'routes/electrician.users.tsx'),
      route(at(ELECTRICIAN.rooms, ELECTRICIAN.root), 'routes/electrician.rooms.tsx'),
      route(at(ELECTRICIAN.installations, ELECTRICIAN.root), 'routes/electrician.installations.tsx'),
      route(at(ELECTRICIAN.customerMode, ELECTRICIAN.root), 'routes/electrician.customer-mode.tsx'),
      route(at(ELECTRICIAN.workflow, ELECTRICIAN.root), 'routes/electrician.workflow.tsx'),
      route(at(ELECTRICIAN.install, ELECTRICIAN.root), 'routes/electrician.install.tsx'),
      route(at(ELECTRICIAN.settings, ELECTRICIAN.root), 'routes/electrician.settings.tsx'),
    ]),
    route(at(OWNER.root), 'routes/owner.tsx', [
      index('routes/owner._index.tsx', { id: 'owner-index' }),
      route(at(OWNER.dashboard, OWNER.root), 'routes/owner.dashboard.tsx'),
      route(at(OWNER.devices, OWNER.root), 'routes/owner.devices.tsx'),
      route(at(OWNER.rooms, OWNER.root), 'routes/owner.rooms.tsx'),
      route(at(OWNER.orders, OWNER.root), 'routes/owner.orders.tsx'),
      route(`${at(OWNER.orders, OWNER.root)}/:id/invoice`, 'routes/owner.orders.invoice.tsx'),
      route(at(OWNER.automations, OWNER.root), 'routes/owner.automations.tsx'),
      route(at(OWNER.members, OWNER.root), 'routes/owner.members.tsx'),
      route(at(OWNER.settings, OWNER.root), 'routes/owner.settings.tsx'),
    ]),
  ]),

  // anything else goes to /login
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
