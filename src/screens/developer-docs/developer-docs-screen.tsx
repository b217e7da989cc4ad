// /docs/open (issue 12): the door to the machine documentation site that the server serves at
// /docs/machines/ to holders of Finance.Developer.Docs (the route's policy). A page of the site is a
// plain navigation without the bearer token, so this page first trades the token for the site's
// cookie (POST /api/finance/developer-docs/access), then goes there; `?to=replay` goes to the replay
// viewer instead. A failure says so and offers to try again. The lifecycle is the generic
// form-submit machine's (one submission, no fields), so this page only renders its state.
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useFormSubmit } from '../../app/use-form-submit.ts';
import { developerDocsTexts } from './developer-docs-texts.ts';

export default function DeveloperDocsScreen() {
  const { http } = useSystem();
  const t = useAreaTexts(developerDocsTexts);
  const target = new URLSearchParams(useSearch()).get('to') === 'replay' ? '/docs/replay' : '/docs/machines/';
  // The trade is the generic form-submit machine's one submission: busy, then gone there, or failed.
  const { actor, view } = useFormSubmit(
    () => http('/api/finance/developer-docs/access', { method: 'POST', body: {} }),
    () => window.location.assign(target),
  );
  const open = () => actor.send({ type: 'form.submit', values: {}, errors: {} });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(open, []);
  const failed = view.serverError !== null && !view.isBusy;
  return (
    <div className="page" aria-busy={!failed}>
      <h1>{t('title')}</h1>
      {failed ? (
        <>
          <p role="alert" className="error">
            {t('failed')}
          </p>
          <button type="button" onClick={open}>
            {t('retry')}
          </button>
        </>
      ) : (
        <p role="status">{t('opening')}</p>
      )}
    </div>
  );
}
