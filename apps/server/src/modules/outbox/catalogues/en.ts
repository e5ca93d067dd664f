/**
 * The e-mails' English texts (ADR 073): the words of issue 15's templates, kept exactly. `{{…}}` are
 * i18next's placeholders (filled with plain text; the templates escape every value for HTML afterwards).
 */
export const en = {
  hello: 'Hello {{name}},',
  helloAnyone: 'Hello,',
  team: 'The {{brand}} team',
  orOpenLink: 'Or open this link:',
  linkOnce:
    'This link works once and expires on {{expires}}. If you did not expect this e-mail, you can ignore it.',
  notification: {
    open: 'Open Isaac',
    why: 'You get this e-mail because you chose it in your notification settings: {{url}}',
  },
  order: {
    subject: 'Your {{brand}} order {{orderId}} is confirmed',
    preview: 'Thank you for your order of {{total}}.',
    heading: 'Thank you for your order',
    received: 'We have received your payment. This is what you ordered:',
    total: 'Total paid (incl. GST)',
    order: 'Order',
    installation:
      'An Isaac electrician will install your order. We will write to you again with the date and the name of your electrician as soon as the installation is scheduled.',
    shipping: 'We will get your order on its way to you shortly.',
    button: 'See your order',
  },
  invitation: {
    subject: 'Set up your {{brand}} account',
    preview: 'Choose a password to follow your order and control your home.',
    heading: 'Welcome to Isaac',
    body: 'We have created an Isaac account for you. Choose a password to follow your order and installation, and to control your devices once they are installed.',
    button: 'Choose your password',
  },
  homeInvitation: {
    subject: '{{invitedBy}} invited you to {{home}} on {{brand}}',
    preview: 'Join {{home}} as {{role}} to control its devices.',
    heading: 'Join {{home}}',
    body: '{{invitedBy}} invited you to {{home}} on {{brand}} as {{role}}. Open the link to accept: sign in, or create your account there.',
    button: 'Accept the invitation',
  },
  /** A home role as the invitation names it. */
  roles: { owner: 'owner', member: 'member', guest: 'guest' },
  scheduled: {
    subject: 'Your {{brand}} installation is scheduled for {{date}}',
    preview: '{{electrician}} will install your order on {{date}}.',
    heading: 'Your installation is scheduled',
    booked: 'Good news: an Isaac electrician is booked to install your order.',
    date: 'Date',
    electrician: 'Electrician',
    address: 'Address',
    prepare:
      'Please make sure someone is at home and that the electrician can reach the switchboards and your Wi-Fi router. If the date does not suit you, get in touch with us and we will find another.',
  },
  completed: {
    subject: 'Your {{brand}} installation is complete',
    preview_one: '{{count}} device is set up in your home.',
    preview_other: '{{count}} devices are set up in your home.',
    heading: 'Your home is ready',
    body_one: 'Your installation was completed on {{date}}: {{count}} device is set up in your home.',
    body_other: 'Your installation was completed on {{date}}: {{count}} devices are set up in your home.',
    dashboard: 'Open your dashboard to see your rooms and air quality and to control your devices.',
    button: 'Open your dashboard',
  },
  /** The notification centre's words (issue 33): the bell, the push and the e-mail say the same. */
  alerts: {
    offlineTitle: '{{name}} is offline',
    offlineBody: '{{name}} has not been in touch for {{minutes}} minutes. Check its power and Wi-Fi.',
    filterLowTitle: '{{name}}: filter life low',
    filterCriticalTitle: 'Replace the filter of {{name}} now',
    filterBody: 'The filter is at {{life}}%. Order a replacement filter.',
    filterBodyUnderADay:
      "The filter is at {{life}}%, under a day left at today's use. Order a replacement filter.",
    filterBodyDays_one:
      "The filter is at {{life}}%, about {{count}} day left at today's use. Order a replacement filter.",
    filterBodyDays_other:
      "The filter is at {{life}}%, about {{count}} days left at today's use. Order a replacement filter.",
    airTitle: 'Air quality at {{home}} is {{band}}',
    airBody: 'PM2.5 {{pm25}} µg/m³ (AQI {{aqi}}). Close the windows and run your purifier.',
    orderPaidTitle: 'Your order is paid',
    orderPaidBody: 'We have received {{amount}} for order {{receipt}}. Thank you!',
    orderRefundedTitle: 'Your order is refunded',
    orderRefundedBody:
      'We have refunded {{amount}} for order {{receipt}}. Your bank shows it in 5–7 working days.',
    recoveryCodeTitle: 'You signed in with a recovery code',
    recoveryCodeBody:
      'Recovery codes left: {{count}}. Make new ones in your security settings. If it was not you, change your password now.',
    passwordChangedTitle: 'Your password was changed',
    passwordChangedBody:
      'Your other sessions were signed out. If it was not you, write to us at once from the Contact page.',
    twoFactorOffTitle: 'Two-factor sign-in was turned off',
    twoFactorOffBody:
      'Your account now asks only for your password. If it was not you, change your password and turn it on again.',
    twoFactorResetTitle: 'An administrator reset your two-factor sign-in',
    twoFactorResetBody:
      'Your sessions were signed out and two-factor sign-in is off. Set it up again in your security settings.',
    recoveryCodesRenewedTitle: 'New recovery codes were made',
    recoveryCodesRenewedBody:
      'Your old recovery codes no longer work. If it was not you, change your password now.',
    installationScheduledTitle: 'Your installation is scheduled',
    installationScheduledBody: '{{electrician}} will install your devices on {{date}}.',
    installationCompletedTitle: 'Your installation is complete',
    installationCompletedBody: 'Your devices are installed and online. See them on your dashboard.',
    firmwareTitle: '{{name}} is up to date',
    firmwareBody: '{{name}} now runs firmware {{version}}.',
    automationFailedTitle: '“{{name}}” could not finish',
    automationRanBody: '“{{name}}” ran.',
    stepOffline: '{{name}} is offline.',
    stepRefused: '{{name}} did not take the command.',
  },
  /** The CPCB bands, as an air-quality alert names them. */
  aqiBands: {
    good: 'Good',
    satisfactory: 'Satisfactory',
    moderate: 'Moderate',
    poor: 'Poor',
    very_poor: 'Very Poor',
    severe: 'Severe',
  },
  quote: {
    subject: 'Your {{brand}} quote {{number}}',
    preview: '{{total}}, valid until {{validUntil}}.',
    heading: 'Your quote {{number}}',
    intro: 'Thank you for your interest in Isaac. Here is the quote we prepared for you:',
    total: 'Package price (incl. GST)',
    quote: 'Quote',
    validUntil: 'Valid until',
    note: 'A note from us',
    payOnline: 'You can see the quote and pay for it online:',
    button: 'View and pay your quote',
  },
};

/** The shape every language's e-mail texts have: the English keys, each a string (a missing key fails typecheck). */
export type EmailCatalogue = {
  [K in keyof typeof en]: (typeof en)[K] extends string ? string : { [L in keyof (typeof en)[K]]: string };
};
