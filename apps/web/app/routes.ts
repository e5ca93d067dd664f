import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  // storefront (public, prerendered)
  index('routes/home.tsx'),
  route('products/isaac-purifier', 'routes/products.isaac-purifier.tsx'),
  route('products/skywalker-sensor', 'routes/products.skywalker-sensor.tsx'),
  route('products/accessories', 'routes/products.accessories.tsx'),
  route('products/replacement-filters', 'routes/products.replacement-filters.tsx'),
  route('support/help-center', 'routes/support.help-center.tsx'),
  route('support/installation-guide', 'routes/support.installation-guide.tsx'),
  route('support/warranty', 'routes/support.warranty.tsx'),
  route('support/contact-support', 'routes/support.contact-support.tsx'),
  route('company/about-us', 'routes/company.about-us.tsx'),
  route('company/careers', 'routes/company.careers.tsx'),
  route('company/press', 'routes/company.press.tsx'),
  route('company/investors', 'routes/company.investors.tsx'),
  route('legal/privacy-policy', 'routes/legal.privacy-policy.tsx'),
  route('legal/terms-of-service', 'routes/legal.terms-of-service.tsx'),
  route('legal/cookie-policy', 'routes/legal.cookie-policy.tsx'),
  route('legal/gdpr', 'routes/legal.gdpr.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('payment-success', 'routes/payment-success.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),

  // auth and tools
  route('login', 'routes/login.tsx'),
  route('debug', 'routes/debug.tsx'),

  // back office (client-only, behind the auth provider and the route guard)
  layout('routes/signed-in.tsx', [
    route('dashboard', 'routes/dashboard.tsx'),
    route('dashboard/*', 'routes/dashboard.splat.tsx'),
    route('admin', 'routes/admin.tsx', [
      index('routes/admin._index.tsx', { id: 'admin-index' }),
      route('dashboard', 'routes/admin.dashboard.tsx'),
      route('users', 'routes/admin.users.tsx'),
      route('devices', 'routes/admin.devices.tsx'),
      route('devices/firmware', 'routes/admin.devices.firmware.tsx'),
      route('electricians', 'routes/admin.electricians.tsx'),
      route('settings', 'routes/admin.settings.tsx'),
      route('reports', 'routes/admin.reports.tsx'),
      route('activity', 'routes/admin.activity.tsx'),
    ]),
    route('electrician', 'routes/electrician.tsx', [
      index('routes/electrician._index.tsx', { id: 'electrician-index' }),
      route('dashboard', 'routes/electrician.dashboard.tsx'),
      route('devices', 'routes/electrician.devices.tsx'),
      route('users', 'routes/electrician.users.tsx'),
      route('rooms', 'routes/electrician.rooms.tsx'),
      route('installations', 'routes/electrician.installations.tsx'),
      route('customer-mode', 'routes/electrician.customer-mode.tsx'),
      route('workflow', 'routes/electrician.workflow.tsx'),
      route('install', 'routes/electrician.install.tsx'),
    ]),
    route('owner', 'routes/owner.tsx', [
      index('routes/owner._index.tsx', { id: 'owner-index' }),
      route('dashboard', 'routes/owner.dashboard.tsx'),
      route('devices', 'routes/owner.devices.tsx'),
      route('rooms', 'routes/owner.rooms.tsx'),
      route('settings', 'routes/owner.settings.tsx'),
    ]),
  ]),

  // anything else goes to /login
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
