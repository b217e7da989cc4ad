// Model-based test paths shared by the machine suites (tests/machines) and the generated machine
// pages (docs/machines), so the documented paths are exactly the ones the tests drive. Rules:
// - A model names the machine, its starting situations (inputs) and the concrete events whose
//   payload matters (actor results and failures); any other event is sent bare.
// - Paths are xstate/graph shortest paths, one traversal per starting situation; the state key
//   includes the transition taken (as createTestModel does), so every transition gets a path,
//   including one that only emits (same state, same context).
// - createTestModel refuses machines with `invoke` or `after` (it cannot run them), but ours are
//   exactly those: the traversal itself is pure (done/error/after events are listed as events), and
//   the suites play the actors' part with controllable fakes. So the TestModel is built here with
//   createTestModel's own options, minus that validation.
// - Output is deterministic: traversal order follows the machine definition and the model's lists.
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { type DirectedGraphNode, serializeSnapshot, TestModel, type TestPath, toDirectedGraph } from 'xstate/graph';

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  scenarios: Array<{ name: string; input: InputFrom<TMachine> }>;
  /** Concrete events, including `xstate.done.actor.<id>` with `output` and `xstate.error.actor.<id>` with `error`. */
  events: EventObject[];
  /** A short human label for an event in docs and test names (defaults to its type). */
  describeEvent?: (event: EventObject) => string;
  /** Stops exploring past a matching snapshot (bounds machines whose context can grow, such as counters). */
  stopWhen?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  /**
   * Gives a transition taken from states that differ only in context a path of its own from each
   * (the row a delete ran on decides where the focus goes after it succeeds); by default a reached
   * state is keyed by the source state's value only, so one of them would stand for all.
   */
  pathPerSourceContext?: boolean;
  /**
   * States (`state <id>`) and transitions (`<source> → <target> : <label>`, as the machine's page in
   * docs/site lists them) that no path can reach by design, each with the reason. Anything else a
   * path does not reach fails `npm run docs` (scripts/machine-site.ts).
   */
  unreachable?: Record<string, string>;
}

export interface ModelPath<TMachine extends AnyStateMachine = AnyStateMachine> {
  scenario: string;
  input: InputFrom<TMachine>;
  path: TestPath<SnapshotFrom<TMachine>, EventObject>;
  /** "scenario: event → event → ... ⇒ state" */
  title: string;
}

export function stateLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function modelPaths<TMachine extends AnyStateMachine>(model: MachineModel<TMachine>): Array<ModelPath<TMachine>> {
  const describe = model.describeEvent ?? ((event: EventObject) => event.type);
  const testModel = machineTestModel(model);
  return model.scenarios.flatMap((scenario) =>
    // biome-ignore lint/suspicious/noExplicitAny: same as above
    testModel.getShortestPaths({ input: scenario.input, stopWhen: model.stopWhen } as any).map((path) => ({
      scenario: scenario.name,
      input: scenario.input,
      path: path as unknown as TestPath<SnapshotFrom<TMachine>, EventObject>,
      title: `${scenario.name}: ${path.steps.map((step) => (step.event.type === 'xstate.init' ? 'start' : describe(step.event))).join(' → ')} ⇒ ${stateLabel(path.state.value)}`,
    })),
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A transition that changes neither state nor context but was taken (it only emits, as "go home"
 * on the error page does): without its own key the traversal would never walk it, so no path
 * would show or test its effect.
 */
function isActionOnly(previous: AnyMachineSnapshot, state: AnyMachineSnapshot, event: EventObject): boolean {
  return serializeSnapshot(previous) === serializeSnapshot(state) && previous.machine.getTransitionData(previous, event).length > 0;
}

/** createTestModel(machine, { events }) without its refusal of invoke/after (see the rules above). */
export function machineTestModel(model: MachineModel): TestModel<AnyMachineSnapshot, EventObject, unknown> {
  const machine = model.machine;
  return new TestModel<AnyMachineSnapshot, EventObject, unknown>(machine as never, {
    serializeState: (state, event, previous) => {
      const via =
        !event || (previous && sameValue(previous.value, state.value) && !isActionOnly(previous, state, event))
          ? ''
          : ` via ${JSON.stringify(event)} from ${JSON.stringify(previous?.value)}${model.pathPerSourceContext ? ` ${JSON.stringify(previous?.context)}` : ''}`;
      return `${serializeSnapshot(state)}${via}`;
    },
    stateMatcher: (state, key) => (key.startsWith('#') ? state._nodes.includes(machine.getStateNodeById(key)) : state.matches(key)),
    events: (state) =>
      __unsafe_getAllOwnEventDescriptors(state).flatMap((type) => {
        const concrete = model.events.filter((event) => event.type === type);
        return concrete.length ? concrete : [{ type }];
      }),
  });
}

export interface Edge {
  source: string;
  target: string;
  eventType: string;
  guard: string | null;
}

/** Every transition of the machine, in definition order (eventless transitions have eventType ''). */
export function machineEdges(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = [];
  const guardName = (guard: unknown) =>
    guard === undefined ? null : typeof guard === 'string' ? guard : ((guard as { type?: string }).type ?? 'inline');
  const visit = (node: DirectedGraphNode) => {
    // toDirectedGraph leaves out eventless (`always`) transitions; they are taken from the node.
    for (const transition of node.stateNode.always ?? []) {
      for (const target of transition.target ?? [node.stateNode]) {
        edges.push({ source: node.stateNode.id, target: target.id, eventType: '', guard: guardName(transition.guard) });
      }
    }
    for (const edge of node.edges) {
      edges.push({
        source: edge.source.id,
        target: edge.target.id,
        eventType: edge.transition.eventType,
        guard: guardName(edge.transition.guard),
      });
    }
    for (const child of node.children) visit(child);
  };
  visit(toDirectedGraph(machine));
  return edges;
}

/** The transitions no generated path takes; empty when the paths cover the machine. */
export function uncoveredEdges(machine: AnyStateMachine, paths: ModelPath[]): Edge[] {
  const nodeIds = (snapshot: { _nodes: Array<{ id: string }> }) => new Set(snapshot._nodes.map((n) => n.id));
  const taken = new Set<string>();
  for (const { path } of paths) {
    let before = new Set<string>();
    for (const step of path.steps) {
      const after = nodeIds(step.state as never);
      // The first step (xstate.init) settles through the eventless transitions.
      if (step.event.type === 'xstate.init') for (const target of after) taken.add(`''>${target}`);
      else for (const target of after) for (const source of before) taken.add(`${source}|${step.event.type}>${target}`);
      before = after;
    }
  }
  return machineEdges(machine).filter((edge) =>
    edge.eventType === '' ? !taken.has(`''>${edge.target}`) : !taken.has(`${edge.source}|${edge.eventType}>${edge.target}`),
  );
}
