// Model paths through the real screen (issue 21): the paths a machine's model generates, played in
// Chromium against the real server through what a user does, with what the user sees checked
// against the same reference, written from the spec, that checks the machine alone
// (tests/machines/reference/). This is where "React components only render machine state" is
// proven: a state the machine reaches but the screen does not show fails here. Rules:
// - Each path runs in a fresh browser context, opened by the suite after it arranged what the path's
//   outcomes need (a cookie present, a cookie jar that refuses writes, a fixed clock), since in the
//   browser those outcomes happen by themselves: an actor's result is not played, it is produced.
//   A suite whose paths need nothing of the sort may hand each path its page itself (`page`): a
//   file's one signed-in page, its screen reset by `open` between paths (the app is not booted again).
// - A user event is played as the user plays it (a click, a key); the reference is told the event.
// - What the user sees is read after every step that waits for the user, polling until it equals
//   what the reference says the user sees; a state the browser passes through on its own (an
//   automatic actor started in that step, or the next step is its result) is not observable and
//   not read.
// - A path ending while an automatic actor runs checks no view (the browser has moved on), only the
//   calls' effects; a path sending an event no one plays on the screen (`notPlayable`, with the
//   reason) is left to the machine suite.
// - The calls the reference expects are checked where the browser shows their effect (the cookie
//   written, with its expiry, the request sent) by the suite's `checkCalls`; the events it expects
//   emitted, where the user sees them (a toast, a reloaded name), by `checkEmitted`.
// - An outcome the server produces (a lookup's answer) is arranged before the user acts, from the
//   path's later events (`act` is given them); an outcome the real product never produces is
//   excused by `unproducible` with the reason, and its paths are left to the machine suite.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import {
  type Edge,
  type MachineModel,
  type ModelPath,
  machineEdges,
  modelPaths,
  uncoveredEdges,
} from '../../machines/testing/model-paths.ts';
import { launchBrowser } from '../kit/browser.ts';
import { type Call, type ReferenceEvent, type ReferenceRun, toReferenceEvent } from '../machines/reference-driver.ts';

export interface UiPathSuite<TView> {
  model: MachineModel;
  /**
   * The model's scenarios the product can be put in, by name; each other scenario is listed with the
   * reason it cannot (it stays covered by the machine suite).
   */
  scenarios: string[];
  notInTheProduct?: Record<string, string>;
  reference: (input: unknown) => ReferenceRun<TView>;
  /** Actors whose results the browser produces by itself: their done/error events are not played. */
  automaticActors: readonly string[];
  /**
   * Events of the model no user or browser plays on this screen, each with the reason; the paths
   * that send one are left to the machine suite.
   */
  notPlayable?: Record<string, string>;
  /**
   * An actor result the real product never produces (a server answer its contract excludes), with
   * the reason; the paths that contain one are left to the machine suite.
   */
  unproducible?(event: EventObject, path: ModelPath, index: number): string | undefined;
  /**
   * The events the product goes through for the model's event at `path.path.steps[index]`, when its
   * model is scaled down (a countdown of 2 where the product counts 60: the model's last tick is the
   * product's remaining ticks). Each is played and told the reference in turn; by default the event itself.
   */
  asPlayed?(event: EventObject, path: ModelPath, index: number): EventObject[];
  /**
   * 'covering': instead of every playable path, the fewest (picked greedily) that together take every
   * transition the playable paths take and apply every rule of the reference they apply (a machine's
   * transition may hold several rules: rows, empty, past the end), so a slow screen stays within the
   * suite's time.
   */
  sample?: 'all' | 'covering';
  /**
   * The page the path is played on, and what ends it after the path; by default a fresh browser
   * context's page, the context closed after the path. A suite handing out one page for all its
   * paths resets in `open` what a path leaves behind.
   */
  page?(path: ModelPath): Promise<{ page: Page; done(): Promise<void> }>;
  /** Opens the screen for this path, after arranging what its automatic outcomes need. */
  open(page: Page, path: ModelPath): Promise<void>;
  /**
   * Plays one user event as the user does; `upcoming` are the path's later events, so the suite can
   * arrange, before the user acts, the outcomes the browser and the server will produce for it.
   */
  act(page: Page, event: EventObject, upcoming: EventObject[]): Promise<void>;
  /** What the user sees, in the reference's terms. */
  read(page: Page): Promise<unknown>;
  /** The part of the reference's view a user can see now (what a hidden banner would link to is not). */
  seen(view: TView): unknown;
  /** Checks in the browser the effects of the calls the reference expects since the last check. */
  checkCalls?(page: Page, calls: Call[]): Promise<void>;
  /** Checks what the user sees of the events the reference emitted since the last check (a toast, a reload). */
  checkEmitted?(page: Page, emitted: EventObject[]): Promise<void>;
}

function isAutomatic(suite: { automaticActors: readonly string[] }, event: EventObject | undefined): boolean {
  if (!event) return false;
  const plain = toReferenceEvent(event) as { type: string; actor?: string };
  return (plain.type === 'done' || plain.type === 'error') && suite.automaticActors.includes(plain.actor ?? '');
}

async function freshPage(): Promise<{ page: Page; done(): Promise<void> }> {
  const browser = await launchBrowser();
  try {
    return { page: await browser.context.newPage(), done: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Playwright's default for an action's wait, which the pages of these suites keep outside a read. */
const actionTimeoutMs = 30_000;
/**
 * What the user sees, read as a snapshot: a read that finds an element gone between two of its
 * queries (the dialog closed after `count()` found it) fails within a second and is polled again,
 * instead of waiting Playwright's 30 s for the element to come back.
 */
async function readNow<TView>(suite: UiPathSuite<TView>, page: Page): Promise<unknown> {
  page.setDefaultTimeout(1_000);
  try {
    return await suite.read(page);
  } finally {
    page.setDefaultTimeout(actionTimeoutMs);
  }
}

async function playInBrowser<TView>(suite: UiPathSuite<TView>, path: ModelPath): Promise<void> {
  const { page, done } = await (suite.page?.(path) ?? freshPage());
  try {
    const steps = path.path.steps;
    let reference: ReferenceRun<TView> | null = null;
    let calls: Call[] = [];
    let emitted: EventObject[] = [];
    // Automatic actors the reference has started and whose result has not come yet: meanwhile the
    // browser is passing through, and what it shows is not the reference's state but a later one.
    const running = new Set<string>();
    for (const [index, step] of steps.entries()) {
      const event = step.event;
      if (event.type === 'xstate.init') {
        reference = suite.reference(path.input);
        await suite.open(page, path);
      } else {
        const upcoming = steps.slice(index + 1).map((later) => later.event);
        for (const played of suite.asPlayed?.(event, path, index) ?? [event]) {
          const plain = toReferenceEvent(played) as { type: string; actor?: string };
          if (isAutomatic(suite, played)) running.delete(plain.actor!);
          else await suite.act(page, played, upcoming);
          reference!.send(plain as ReferenceEvent);
        }
      }
      const taken = reference!.take();
      for (const call of taken.calls) if (suite.automaticActors.includes(call.name)) running.add(call.name);
      calls = [...calls, ...taken.calls];
      emitted = [...emitted, ...taken.emitted];
      const last = index === steps.length - 1;
      const transient = running.size > 0;
      if (transient && !last) continue;
      if (!transient) {
        const expected = suite.seen(reference!.view());
        await expect
          .poll(() => readNow(suite, page), { message: `what the user sees after step ${index} (${event.type})`, timeout: 10_000 })
          .toEqual(expected);
      }
      if (suite.checkCalls) await suite.checkCalls(page, calls);
      if (suite.checkEmitted) await suite.checkEmitted(page, emitted);
      calls = [];
      emitted = [];
    }
  } finally {
    await done();
  }
}

const edgeKey = (edge: Edge) => `${edge.source}|${edge.eventType}|${edge.guard}>${edge.target}`;

/**
 * The fewest paths (greedily: each next one takes the most transitions not yet taken, the shorter on
 * a tie) that take every transition some path of `paths` takes; in the paths' order.
 */
export function coveringPaths<T extends ModelPath>(model: MachineModel, paths: T[], rulesOf?: (path: T) => string[]): T[] {
  const all = machineEdges(model.machine).map(edgeKey);
  const takes = paths.map((path) => {
    const untaken = new Set(uncoveredEdges(model.machine, [path]).map(edgeKey));
    return new Set([...all.filter((edge) => !untaken.has(edge)), ...(rulesOf?.(path) ?? []).map((rule) => `rule ${rule}`)]);
  });
  const left = new Set(takes.flatMap((taken) => [...taken]));
  const chosen = new Set<number>();
  while (left.size > 0) {
    let best = -1;
    let bestGain = 0;
    for (const [index, taken] of takes.entries()) {
      if (chosen.has(index)) continue;
      const gain = [...taken].filter((edge) => left.has(edge)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && paths[index]!.path.steps.length < paths[best]!.path.steps.length)) {
        best = index;
        bestGain = gain;
      }
    }
    chosen.add(best);
    for (const edge of takes[best]!) left.delete(edge);
  }
  return paths.filter((_, index) => chosen.has(index));
}

/**
 * The reference's rules (its RuleBook ids) the path applies, played as the product plays it, and
 * each distinct event the reference emits on the way: what the user is told of an outcome (a switch
 * to a tenant and one to the host close the same modal but say different things), so a 'covering'
 * sample shows each at least once.
 */
function rulesApplied<TView>(suite: UiPathSuite<TView>, path: ModelPath): string[] {
  const run = suite.reference(path.input);
  const emitted = new Set<string>();
  for (const [index, step] of path.path.steps.entries())
    if (step.event.type !== 'xstate.init')
      for (const played of suite.asPlayed?.(step.event, path, index) ?? [step.event]) {
        run.send(toReferenceEvent(played));
        for (const event of run.take().emitted) emitted.add(`emits ${JSON.stringify(event)}`);
      }
  return [...(run.applied?.() ?? []), ...emitted];
}

/** One browser test per generated path of the product's scenarios. */
export function describeUiPaths<TView>(name: string, suite: UiPathSuite<TView>): void {
  describe(`${name} model paths through the real screen, checked against the reference`, () => {
    const unknown = [...suite.scenarios, ...Object.keys(suite.notInTheProduct ?? {})].filter(
      (scenario) => !suite.model.scenarios.some((s) => s.name === scenario),
    );
    it('name only scenarios of the model, each either played or excused', () => {
      expect(unknown).toEqual([]);
      const named = new Set([...suite.scenarios, ...Object.keys(suite.notInTheProduct ?? {})]);
      expect(suite.model.scenarios.map((s) => s.name).filter((scenario) => !named.has(scenario))).toEqual([]);
    });
    const excused = new Set(Object.keys(suite.notPlayable ?? {}));
    const playable = modelPaths(suite.model).filter(
      (path) =>
        suite.scenarios.includes(path.scenario) &&
        !path.path.steps.some(
          (step, index) => excused.has(step.event.type) || suite.unproducible?.(step.event, path as ModelPath, index) !== undefined,
        ),
    );
    const paths = suite.sample === 'covering' ? coveringPaths(suite.model, playable, (path) => rulesApplied(suite, path)) : playable;
    for (const path of paths) it(path.title, () => playInBrowser(suite, path as ModelPath));
  });
}

/** What a choice kept in localStorage holds now, and the outcomes of its writes still to come. */
export interface StoredChoice {
  key: string;
  value: string | null;
  saves: boolean[];
}

const outcomesOf = (path: ModelPath, actor: string) =>
  path.path.steps
    .map((step) => step.event)
    .filter((event) => event.type === `xstate.done.actor.${actor}` || event.type === `xstate.error.actor.${actor}`)
    .map((event) => ({ ok: event.type.startsWith('xstate.done'), output: (event as { output?: unknown }).output }));

/**
 * For a machine that reads a choice from localStorage[key] with `load` and writes it with `save`
 * (theme, container width): before the page opens, the choice the path's load finds is stored, or
 * reading the key fails as the path says, and the key's writes succeed or fail in the path's order.
 */
export async function arrangeStoredChoice(
  page: Page,
  path: ModelPath,
  key: string,
  actors: { load: string; save: string },
): Promise<StoredChoice> {
  const [load] = outcomesOf(path, actors.load);
  const saves = outcomesOf(path, actors.save).map((save) => save.ok);
  const saved = load?.ok && typeof load.output === 'string' ? load.output : null;
  await page.addInitScript(
    ({ key, saved, loadFails, saves }) => {
      // The saved choice once per page (the init script runs again on every navigation).
      const arranged = `paths.arranged.${key}`;
      if (!sessionStorage.getItem(arranged)) {
        sessionStorage.setItem(arranged, '1');
        if (saved !== null) localStorage.setItem(key, saved);
      }
      const proto = Storage.prototype;
      const getItem = proto.getItem;
      const setItem = proto.setItem;
      // The test reads what is kept past the refusals below.
      const host = window as unknown as { keptChoice?: Record<string, () => string | null> };
      host.keptChoice = { ...host.keptChoice, [key]: () => getItem.call(localStorage, key) };
      proto.getItem = function (name: string) {
        if (this === localStorage && name === key && loadFails) throw new DOMException('The operation is insecure.', 'SecurityError');
        return getItem.call(this, name);
      };
      proto.setItem = function (name: string, value: string) {
        if (this === localStorage && name === key && saves.length > 0 && saves.shift() === false)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, name, value);
      };
    },
    { key, saved, loadFails: load ? !load.ok : false, saves },
  );
  return { key, value: saved, saves: [...saves] };
}

/** After the reference's `save` calls (answered in the path's order), storage keeps the last written value. */
export async function expectStoredChoice(
  page: Page,
  choice: StoredChoice,
  calls: Call[],
  save: string,
  storedValue: (input: unknown) => string,
): Promise<void> {
  for (const call of calls.filter((c) => c.name === save)) if (choice.saves.shift() !== false) choice.value = storedValue(call.input);
  await expect
    .poll(() =>
      page.evaluate((key) => (window as unknown as { keptChoice: Record<string, () => string | null> }).keptChoice[key]!(), choice.key),
    )
    .toBe(choice.value);
}

/**
 * The reference, also naming each distinct event it is told as a rule, so a 'covering' sample plays
 * every event of the model at least once (each change, each outcome: on a screen they show
 * differently even where the machine takes the same transition).
 */
export function withEventsAsRules<TView>(run: ReferenceRun<TView>): ReferenceRun<TView> {
  const told = new Set<string>();
  return {
    view: () => run.view(),
    take: () => run.take(),
    applied: () => [...(run.applied?.() ?? []), ...told],
    send(event) {
      const { type, ...rest } = event as { type: string };
      told.add(`event ${type} ${JSON.stringify(rest)}`);
      run.send(event);
    },
  };
}
