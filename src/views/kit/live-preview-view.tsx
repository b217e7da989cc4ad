// A live preview in a form (kind 'preview', issue 19's text templates), render-only over one
// livePreview actor (machines/generic/live-preview.machine.ts): the server renders the source, the
// document shows in a sandboxed frame: `sandbox` with no permission (no scripts, no forms, no
// same-origin access) and `srcdoc`, so nothing in it runs and the page's CSP holds. While a newer
// source waits or renders the old document stays, dimmed, and the pending text is said; a refusal is
// an alert with the server's message and Try again.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { livePreviewMachine, selectLivePreview } from '../../../machines/generic/live-preview.machine.ts';
import type { Http } from '../../api/http.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button } from '../../ui/index.ts';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';

export interface LivePreviewProps {
  label: string;
  source: string;
  render: (http: Http, source: string, signal: AbortSignal) => Promise<string>;
  pendingText: string;
  http: Http;
  t: AreaTranslate<KitTextKey>;
}

export function LivePreview({ label, source, render, pendingText, http, t }: LivePreviewProps) {
  const logic = useMemo(
    () =>
      livePreviewMachine.provide({
        actors: {
          renderPreview: fromPromise<string, { source: string }>(({ input, signal }) => render(http, input.source, signal)),
        },
      }),
    [render, http],
  );
  const actor = useActorRef(logic, { input: { source }, ...inspectOptions() });
  const view = useSelector(actor, selectLivePreview, shallowEqual);
  useEffect(() => {
    actor.send({ type: 'preview.change', source });
  }, [actor, source]);
  return (
    <section aria-label={label} className={styles.preview}>
      <div className={styles.previewHeader}>
        <strong>{label}</strong>
        <span aria-live="polite" className={styles.muted}>
          {view.isPending ? pendingText : ''}
        </span>
      </div>
      {view.error !== null && (
        <div role="alert" className={styles.previewError}>
          <span dir="ltr">{view.error}</span>
          <Button variant="secondary" onPress={() => actor.send({ type: 'preview.retry' })}>
            {t('retry')}
          </Button>
        </div>
      )}
      {view.document !== null && (
        <iframe
          title={label}
          sandbox=""
          srcDoc={view.document}
          className={view.isStale ? `${styles.previewFrame} ${styles.previewStale}` : styles.previewFrame}
        />
      )}
    </section>
  );
}
