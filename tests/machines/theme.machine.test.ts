// The theme machine, driven headless with fake actors: examples that pin spec 4.3 and 8, then every
// generated model path (the ones docs/machines/theme.md lists) played against the running actor and
// checked step by step against the reference written from the spec (reference/theme.reference.ts),
// never against the machine's own appliedStyle().
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { defaultThemeStyles, selectTheme, type ThemeInput, themeMachine } from '../../machines/shell/theme.machine.ts';
import { themeModel } from '../../machines/shell/theme.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { themeReference, themeRules } from './reference/theme.reference.ts';

const actorNames = ['loadTheme', 'saveTheme', 'watchColorScheme'] as const;

async function start(saved: string | null, input: ThemeInput = {}) {
  const fakes = fakeActors(actorNames);
  const actor = createActor(themeMachine.provide({ actors: fakes.actors }), { input });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  fakes.settle('loadTheme', { output: saved });
  await settled();
  return { actor, fakes, emitted, view: () => selectTheme(actor.getSnapshot()) };
}

describe('theme machine', () => {
  it('applies the saved choice on start', async () => {
    const run = await start('dim');
    expect(run.view()).toMatchObject({ style: 'dim', applied: 'dim', error: null, isLoading: false });
    expect(run.emitted).toEqual([{ type: 'theme.apply', style: 'dim' }]);
    // Applying what was read is not a choice: nothing is saved.
    expect(run.fakes.calls.map((call) => call.name)).toEqual(['watchColorScheme', 'loadTheme']);
  });

  it('falls back to the configured default theme, then to System', async () => {
    const styles = defaultThemeStyles.map((style) => (style.styleName === 'dark' ? { ...style, defaultTheme: true } : style));
    expect((await start(null, { styles })).view().style).toBe('dark');
    expect((await start('purple', { styles })).view().style).toBe('dark');
    expect((await start(null)).view().style).toBe('system');
    // System disabled by configuration: the first option by order.
    expect((await start(null, { isSystemEnabled: false })).view()).toMatchObject({ style: 'light', applied: 'light' });
    expect((await start('system', { isSystemEnabled: false })).view().style).toBe('light');
  });

  it('offers the options by order, without System when it is disabled', async () => {
    const shuffled = [...defaultThemeStyles].reverse();
    expect((await start(null, { styles: shuffled })).view().options.map((o) => o.label)).toEqual(['Light', 'Semi-Dark', 'Dark', 'System']);
    expect((await start(null, { isSystemEnabled: false })).view().options.map((o) => o.styleName)).toEqual(['light', 'dim', 'dark']);
  });

  it('System follows the OS preference and re-applies when it changes', async () => {
    const run = await start('system');
    expect(run.view().applied).toBe('light');
    run.actor.send({ type: 'os.schemeChanged', scheme: 'dark' });
    expect(run.view()).toMatchObject({ style: 'system', applied: 'dark' });
    expect(run.emitted.at(-1)).toEqual({ type: 'theme.apply', style: 'dark' });
  });

  it('does not re-apply on an OS change when a concrete style is chosen', async () => {
    const run = await start('dim');
    run.actor.send({ type: 'os.schemeChanged', scheme: 'dark' });
    expect(run.emitted).toHaveLength(1);
    run.actor.send({ type: 'theme.select', style: 'system' });
    expect(run.emitted.at(-1)).toEqual({ type: 'theme.apply', style: 'dark' });
  });

  it('saves and applies a choice; re-selecting the current theme does nothing', async () => {
    const run = await start('light');
    run.actor.send({ type: 'theme.select', style: 'light' });
    expect(run.emitted).toHaveLength(1);
    expect(run.actor.getSnapshot().value).toBe('ready');
    run.actor.send({ type: 'theme.select', style: 'dark' });
    expect(run.emitted.at(-1)).toEqual({ type: 'theme.apply', style: 'dark' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'saveTheme', input: { style: 'dark' } });
    run.fakes.settle('saveTheme', { output: undefined });
    await settled();
    expect(run.actor.getSnapshot().value).toBe('ready');
  });

  it('keeps the choice when saving fails, and a newer choice restarts the save', async () => {
    const run = await start('light');
    run.actor.send({ type: 'theme.select', style: 'dark' });
    run.actor.send({ type: 'theme.select', style: 'dim' });
    expect(run.fakes.calls.filter((call) => call.name === 'saveTheme').map((call) => call.input)).toEqual([
      { style: 'dark' },
      { style: 'dim' },
    ]);
    run.fakes.settle('saveTheme', { error: new Error('QuotaExceededError') });
    await settled();
    expect(run.view()).toMatchObject({ style: 'dim', applied: 'dim' });
  });

  it("says 'System style dark not found.' when no style stands for the OS scheme", async () => {
    const styles = defaultThemeStyles.map((style) => (style.styleName === 'dark' ? { ...style, systemKey: undefined } : style));
    const run = await start('system', { styles });
    run.actor.send({ type: 'os.schemeChanged', scheme: 'dark' });
    expect(run.view()).toMatchObject({ applied: null, error: 'System style dark not found.' });
    run.actor.send({ type: 'os.schemeChanged', scheme: 'light' });
    expect(run.view()).toMatchObject({ applied: 'light', error: null });
  });

  it('applies again when the styles reload (language direction changed)', async () => {
    const run = await start('dark');
    run.actor.send({ type: 'theme.reloadStyles' });
    expect(run.emitted).toEqual([
      { type: 'theme.apply', style: 'dark' },
      { type: 'theme.apply', style: 'dark' },
    ]);
  });

  it('treats unreadable storage as no saved choice', async () => {
    const fakes = fakeActors(actorNames);
    const actor = createActor(themeMachine.provide({ actors: fakes.actors }), { input: {} }).start();
    fakes.settle('loadTheme', { error: new Error('SecurityError') });
    await settled();
    expect(actor.getSnapshot().context.style).toBe('system');
  });
});

describeReferencePaths('theme machine', {
  model: themeModel,
  id: 'theme',
  actorNames,
  select: (snapshot) => selectTheme(snapshot as never),
  reference: themeReference,
  rules: themeRules,
});
