// Cookie policy (/gdpr-cookie-consent/cookie) and privacy policy (/gdpr-cookie-consent/privacy),
// linked from the consent banner (spec 2.8). Render-only; any other sub-path shows both links.
import { Link, useLocation } from 'wouter';
import { useTexts } from '../../app/use-texts.ts';
import { cookiePolicy, type PolicySection, privacyPolicy } from './policy-texts.ts';

function Sections({ sections }: { sections: PolicySection[] }) {
  return sections.map((section) => (
    <section key={section.heading}>
      <h2>{section.heading}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  ));
}

export default function PolicyScreen() {
  const t = useTexts();
  const [location] = useLocation();
  const page = location.toLowerCase().replace(/\/+$/, '').split('/').at(-1);
  if (page === 'cookie' || page === 'privacy') {
    const cookie = page === 'cookie';
    return (
      <article className="page policy">
        <h1>{cookie ? t('policy.cookieTitle') : t('policy.privacyTitle')}</h1>
        <div lang="en">
          <Sections sections={cookie ? cookiePolicy : privacyPolicy} />
        </div>
      </article>
    );
  }
  return (
    <div className="page">
      <h1>{t('policy.contents')}</h1>
      <ul>
        <li>
          <Link href="/gdpr-cookie-consent/cookie">{t('policy.cookieTitle')}</Link>
        </li>
        <li>
          <Link href="/gdpr-cookie-consent/privacy">{t('policy.privacyTitle')}</Link>
        </li>
      </ul>
    </div>
  );
}
