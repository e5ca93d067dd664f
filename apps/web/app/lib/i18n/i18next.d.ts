import 'i18next';
import type account from './en/account';
import type auth from './en/auth';
import type common from './en/common';
import type electrician from './en/electrician';
import type messages from './en/messages';
import type owner from './en/owner';

/** Typed keys (ADR 073): `t('…')` with a key the English catalogue lacks fails `npm run typecheck`. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      account: typeof account;
      owner: typeof owner;
      electrician: typeof electrician;
      messages: typeof messages;
    };
  }
}
