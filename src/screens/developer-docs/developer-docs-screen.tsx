// /docs/open (issue 12): the door to the machine documentation site that the server serves at
// /docs/machines/ to holders of Finance.Developer.Docs (the route's policy). A page of the site is a
// plain navigation without the bearer token, so this page first trades the token for the site's
// cookie (POST /api/finance/developer-docs/access), then goes there; `?to=replay` goes to the replay
// viewer instead. A failure says so and offers to try again.
import { useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useSystem } from '../../app/system-context.ts';
import { developerDocsTexts } from './developer-docs-texts.ts';

export default function DeveloperDocsScreen() {
  const { http } = useSystem();
  const t = useAreaTexts(developerDocsTexts);
  const target = new URLSearchParams(useSearch()).get('to') === 'replay' ? '/docs/replay' : '/docs/machines/';
  const [status, setStatus] = useState<'opening' | 'failed'>('opening');
  const open = useCallback(() => {
    setStatus('opening');
    http('/api/finance/developer-docs/access', { method: 'POST', body: {} }).then(
      () => window.location.assign(target),
      () => setStatus('failed'),
    );
  }, [http, target]);
  useEffect(open, [open]);
  return (
    <div className="page" aria-busy={status === 'opening'}>
      <h1>{t('title')}</h1>
      {status === 'opening' ? (
        <p role="status">{t('opening')}</p>
      ) : (
        <>
          <p role="alert" className="error">
            {t('failed')}
          </p>
          <button type="button" onClick={open}>
            {t('retry')}
          </button>
        </>
      )}
    </div>
  );
}
