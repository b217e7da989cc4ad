// The cookie policy and privacy policy texts (spec 2.8 consent banner links). Rules: plain data in
// this screen's own chunk; English for every language until translated policies are approved (a
// legal text is not machine-translated); what it states must match what the product really stores.
export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export const cookiePolicy: PolicySection[] = [
  {
    heading: 'What cookies are',
    paragraphs: [
      'Cookies are small text files a website stores in your browser. This application also uses your browser’s local storage, which works the same way for the purposes of this policy.',
    ],
  },
  {
    heading: 'Cookies we use',
    paragraphs: [
      '.AspNet.Consent — remembers that you accepted this policy, so the banner is not shown again. It is kept for six months.',
      'Login cookies of the identity server (session and interaction cookies) — keep you logged in and protect the login form against forgery. They end when you log out or when the session expires.',
      'Local storage: your login tokens (so a reload keeps you logged in), your theme (LPX_THEME), your container width (LPX_LAYOUT) and your language. They stay in your browser until you log out or clear them.',
    ],
  },
  {
    heading: 'What we do not use',
    paragraphs: ['We use no advertising, tracking or third-party analytics cookies, and we share no cookie data with anyone.'],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You can delete cookies and local storage at any time in your browser’s settings. Without the login cookies and tokens you cannot stay logged in; without the preference entries the application uses its defaults.',
    ],
  },
];

export const privacyPolicy: PolicySection[] = [
  {
    heading: 'Who is responsible',
    paragraphs: [
      'The organisation that operates this installation of the application is the controller of your personal data. Contact its administrator for any request about your data.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'Account data: your user name, name, e-mail address, phone number and the roles and permissions given to you.',
      'Security data: login attempts, security logs, sessions and audit logs of the actions you take, with the time, IP address and browser they came from.',
      'Business data your organisation enters in the application, such as wallets, invoices, vouchers and KYC records.',
    ],
  },
  {
    heading: 'Why we use it',
    paragraphs: [
      'To sign you in and keep your account secure, to run the features your organisation uses, to keep the audit trail the law or your organisation requires, and to answer your requests.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'Account data is kept while your account exists. Security and audit logs are kept for the period your organisation configures, then deleted.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You may ask for a copy of your personal data, its correction or its deletion, and you may object to its use. The Personal Data page of your user menu lets you request your data and delete your account.',
    ],
  },
];
