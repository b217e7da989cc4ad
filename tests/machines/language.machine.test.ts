// The language machine, driven headless with fake actors: examples that pin the switch order, the
// direction and the failure handling, then every generated model path (docs/machines/language.md).
// Generated paths are checked step by step against the reference written from the spec
// (reference/language.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { directionOf, languageMachine, selectLanguage } from '../../machines/shell/language.machine.ts';
import { languageModel, languages } from '../../machines/shell/language.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { languageReference, languageRules } from './reference/language.reference.ts';

const actorNames = ['loadTexts', 'setLanguage'] as const;

function start(currentCulture = 'en') {
  const fakes = fakeActors(actorNames);
  const actor = createActor(languageMachine.provide({ actors: fakes.actors }), { input: { languages, currentCulture } });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectLanguage(actor.getSnapshot()) };
}

async function succeed(run: ReturnType<typeof start>) {
  run.fakes.settle('loadTexts', { output: undefined });
  await settled();
  run.fakes.settle('setLanguage', { output: undefined });
  await settled();
}

describe('language machine', () => {
  it('lists the languages with isRTL derived from the culture and the current one selected', () => {
    const { view } = start('ar');
    expect(view().languages.map((l) => [l.cultureName, l.isRTL, l.selected])).toEqual([
      ['en', false, false],
      ['ar', true, true],
      ['fr', false, false],
    ]);
    expect(view().direction).toBe('rtl');
    expect(['ar-EG', 'ar_lb', 'HY', 'fr-FR', 'he'].map(directionOf)).toEqual(['rtl', 'rtl', 'ltr', 'ltr', 'rtl']);
  });

  it('loads the texts of the new language, then switches the requests to it, busy meanwhile', async () => {
    const run = start();
    run.actor.send({ type: 'language.select', cultureName: 'fr' });
    expect(run.view()).toMatchObject({ isBusy: true, culture: 'en', pending: 'fr' });
    expect(run.fakes.calls).toEqual([{ name: 'loadTexts', input: { cultureName: 'fr' } }]);
    run.fakes.settle('loadTexts', { output: undefined });
    await settled();
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'setLanguage', input: { cultureName: 'fr' } });
    run.fakes.settle('setLanguage', { output: undefined });
    await settled();
    expect(run.view()).toMatchObject({ isBusy: false, culture: 'fr', pending: null, error: null });
    // Same direction: the theme styles stay.
    expect(run.emitted).toEqual([{ type: 'language.changed', cultureName: 'fr', direction: 'ltr' }]);
  });

  it('reloads the theme styles when the direction changes', async () => {
    const run = start();
    run.actor.send({ type: 'language.select', cultureName: 'ar' });
    await succeed(run);
    expect(run.emitted).toEqual([{ type: 'language.changed', cultureName: 'ar', direction: 'rtl' }, { type: 'themeStylesReload' }]);
  });

  it('ignores the current language and languages not offered', () => {
    const run = start();
    run.actor.send({ type: 'language.select', cultureName: 'en' });
    run.actor.send({ type: 'language.select', cultureName: 'de' });
    expect(run.fakes.calls).toEqual([]);
    expect(run.view().isBusy).toBe(false);
  });

  it('keeps the language when the switch fails, and retries the pending choice', async () => {
    const run = start();
    run.actor.send({ type: 'language.select', cultureName: 'ar' });
    run.fakes.settle('loadTexts', { error: new Error('offline') });
    await settled();
    expect(run.view()).toMatchObject({ culture: 'en', pending: 'ar', error: 'switchFailed', canRetry: true, isBusy: false });
    run.actor.send({ type: 'language.retry' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadTexts', input: { cultureName: 'ar' } });
    await succeed(run);
    expect(run.view()).toMatchObject({ culture: 'ar', error: null });
  });

  it('can dismiss a failure, or choose another language instead', async () => {
    const run = start();
    run.actor.send({ type: 'language.select', cultureName: 'ar' });
    run.fakes.settle('loadTexts', { output: undefined });
    await settled();
    run.fakes.settle('setLanguage', { error: new Error('storage') });
    await settled();
    run.actor.send({ type: 'language.select', cultureName: 'fr' });
    expect(run.view()).toMatchObject({ pending: 'fr', error: null, isBusy: true });
    run.fakes.settle('loadTexts', { error: new Error('offline') });
    await settled();
    run.actor.send({ type: 'language.dismiss' });
    expect(run.view()).toMatchObject({ culture: 'en', pending: null, error: null, canRetry: false });
    expect(run.emitted).toEqual([]);
  });
});

describeReferencePaths('language', {
  model: languageModel,
  id: 'language',
  actorNames: actorNames,
  select: (snapshot) => selectLanguage(snapshot as never),
  reference: languageReference,
  rules: languageRules,
});
