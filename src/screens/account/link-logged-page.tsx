// /account/link-logged (spec 2.4): where a link login lands; says so and offers the way home.
import { Link } from 'wouter';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { stackClass } from '../../ui/index.ts';
import { accountTexts } from './account-texts.ts';
import { Status } from './form-parts.tsx';

export default function LinkLoggedPage() {
  const t = useAreaTexts(accountTexts);
  return (
    <div className={stackClass}>
      <Status>{t('linkLogged')}</Status>
      <Link href="/">{t('goHome')}</Link>
    </div>
  );
}
