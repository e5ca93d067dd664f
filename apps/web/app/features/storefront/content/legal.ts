/** The four legal pages' text. Plain data, rendered by LegalDocument. */
export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export interface LegalDoc {
  title: string;
  summary: string;
  updated: string;
  sections: readonly LegalSection[];
}

const UPDATED = '2026-11-01';

export const PRIVACY_POLICY: LegalDoc = {
  title: 'Privacy Policy',
  summary:
    'How Isaac Technologies collects, uses, stores and protects personal data when you use our website, apps and devices.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'Isaac Technologies Pvt. Ltd. ("Isaac", "we", "us") sells and installs ISAAC air purifiers, SKYWALKER sensors, Lumos switches and home-automation systems. We are the data fiduciary for the personal data described here, under India’s Digital Personal Data Protection Act, 2023, and the controller under the GDPR where it applies.',
      ],
    },
    {
      heading: 'What we collect',
      list: [
        'Account data: your name, e-mail address, mobile number, and your address and pincode for delivery and installation.',
        'Order data: the products you buy, amounts and payment status. Card details are handled by our payment provider; we never see or store your full card number.',
        'Device data: readings from your devices (particle, CO₂ and VOC levels, temperature, humidity), device status, firmware version, room names and the floor map ISAAC builds.',
        'Messages: what you send us through the contact form, e-mail, chat or phone, and newsletter subscriptions.',
        'Technical data: IP address, browser type and pages visited on our website, kept in server logs for security.',
      ],
    },
    {
      heading: 'How we use it',
      list: [
        'To deliver, install and support the products you buy, and to process payments and refunds.',
        'To run your devices: cleaning where the air is worst, alerts, automations and filter reminders.',
        'To answer your messages and warranty claims.',
        'To send the newsletter, only if you subscribed; every e-mail has an unsubscribe link.',
        'To keep our services secure, and to meet legal, tax and accounting obligations.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We do not sell personal data. We share it only with service providers who act on our behalf (payment processing, cloud hosting, delivery and SMS or e-mail delivery) under contracts that require them to protect it, with installation partners who need your address and contact details for a visit you booked, and with authorities when the law requires it.',
      ],
    },
    {
      heading: 'How long we keep it',
      list: [
        'Device data is kept for 2 years after the device is deactivated, then deleted or anonymised.',
        'Account and order data is kept while your account is open and afterwards for as long as tax and accounting law requires (currently 8 years for invoices).',
        'Contact messages are kept for 2 years; server logs for 90 days.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can ask to access, correct, export or delete your personal data, withdraw consent, and nominate someone to exercise your rights. Write to privacy@isaachome.in or use the contact form; we answer within 30 days. You can also complain to the Data Protection Board of India or, in the EU, to your local supervisory authority.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Our services are not for children under 13, and we do not knowingly collect personal data from them. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Data is encrypted in transit and at rest, passwords are stored as salted hashes, and access inside Isaac is limited to the staff who need it. Devices receive signed firmware updates.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: [
        'We will post any change to this policy on this page and, for significant changes, tell you by e-mail or in the app before they take effect.',
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDoc = {
  title: 'Terms of Service',
  summary: 'The terms that apply when you buy from Isaac or use our website, apps and connected devices.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Agreement',
      paragraphs: [
        'By using the Isaac website, apps or devices, or placing an order, you agree to these terms. If you are using them on behalf of a company, you confirm that you can bind it.',
      ],
    },
    {
      heading: 'Orders and prices',
      list: [
        'Prices are in Indian rupees (INR) and include GST unless stated otherwise.',
        'An order is confirmed only when the payment is verified; we e-mail a confirmation with the order number.',
        '"From" prices and custom quotes, including automation and connected-home packages, depend on a site survey; prices may vary with additional requirements, and we confirm the final price in writing before you pay.',
        'If a price on the site is wrong, we will tell you and you may cancel for a full refund.',
      ],
    },
    {
      heading: 'Delivery and installation',
      paragraphs: [
        'We deliver to serviceable pincodes in India. For automation and connected-home systems, our installation team contacts you within 24 hours of the order to schedule a visit. You agree to give safe access to the installation site.',
      ],
    },
    {
      heading: 'Returns and cancellations',
      list: [
        'You can cancel an order free of charge before it ships.',
        'Unused products in their original packaging can be returned within 10 days of delivery for a full refund.',
        'Refunds go back to the original payment method within 7 working days of the return being received.',
        'Installed systems and opened filters cannot be returned unless they are defective.',
      ],
    },
    {
      heading: 'Warranty',
      paragraphs: [
        'Products carry the limited warranty described on our Warranty page: 2 years for the ISAAC purifier, 3 years for the SKYWALKER sensor, and 90 days for filters and accessories. This does not affect your rights under the Consumer Protection Act, 2019.',
      ],
    },
    {
      heading: 'Your account and acceptable use',
      list: [
        'Keep your password secret and tell us at once about any unauthorised use.',
        'Do not try to break, overload, reverse-engineer or get unauthorised access to our services or devices.',
        'Do not use the services for anything unlawful.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'ISAAC reduces airborne pollutants but is not a medical device. To the extent the law allows, our total liability for any claim is limited to the amount you paid for the product concerned, and we are not liable for indirect or consequential losses. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: [
        'These terms are governed by the laws of India. Disputes are subject to the courts of Bengaluru, Karnataka, without affecting your right to approach a consumer commission.',
      ],
    },
  ],
};

export const COOKIE_POLICY: LegalDoc = {
  title: 'Cookie Policy',
  summary: 'Which cookies and similar storage the Isaac website uses, and how to control them.',
  updated: UPDATED,
  sections: [
    {
      heading: 'What cookies are',
      paragraphs: [
        'Cookies are small text files a website stores in your browser. We also use your browser’s local storage, which works in a similar way.',
      ],
    },
    {
      heading: 'What we use',
      list: [
        'Strictly necessary: a security token that protects forms and sign-in against cross-site request forgery, and your session when you sign in to your account.',
        'Functional: your shopping cart, kept in local storage on your device so it survives a page reload. It is never sent to us until you check out.',
        'Payment: when you pay, our payment provider’s checkout may set its own cookies to prevent fraud.',
      ],
    },
    {
      heading: 'What we do not use',
      paragraphs: [
        'We do not use advertising cookies or cross-site tracking, and we do not sell browsing data.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can block or delete cookies in your browser settings. If you block strictly necessary cookies, sign-in and checkout will not work. Clearing site data also empties your cart.',
      ],
    },
  ],
};

export const GDPR: LegalDoc = {
  title: 'GDPR',
  summary:
    'How Isaac meets the EU General Data Protection Regulation for customers and visitors in the European Economic Area and the UK.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Controller',
      paragraphs: [
        'Isaac Technologies Pvt. Ltd., 3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India, is the controller of personal data described in our Privacy Policy. You can reach our data protection contact at privacy@isaachome.in.',
      ],
    },
    {
      heading: 'Legal bases',
      list: [
        'Contract: to deliver, install and support what you buy, and to run your devices.',
        'Legal obligation: tax, accounting and consumer-law records.',
        'Legitimate interests: keeping our services secure and improving them with aggregated data.',
        'Consent: the newsletter and any optional features; you can withdraw consent at any time.',
      ],
    },
    {
      heading: 'Your rights',
      list: [
        'Access: get a copy of your personal data.',
        'Rectification: correct inaccurate data.',
        'Erasure: have your data deleted when there is no reason to keep it.',
        'Restriction and objection: limit or object to certain processing, including direct marketing.',
        'Portability: receive your data in a machine-readable format.',
        'Complaint: lodge a complaint with your local supervisory authority.',
      ],
    },
    {
      heading: 'International transfers',
      paragraphs: [
        'Your data is processed in India. Where we transfer personal data out of the EEA or the UK, we use the European Commission’s standard contractual clauses or another lawful transfer mechanism.',
      ],
    },
    {
      heading: 'Retention',
      paragraphs: [
        'We keep data only as long as needed for the purposes above: device data for 2 years after the device is deactivated, and other data as described in our Privacy Policy.',
      ],
    },
    {
      heading: 'Exercising your rights',
      paragraphs: [
        'Send your request through the contact form or to privacy@isaachome.in. We may ask you to confirm your identity, and we reply within one month.',
      ],
    },
  ],
};
