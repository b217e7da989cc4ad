// Claim type regexes: written by host administrators, run against the values anyone with the
// user/role update permission sends, and (by the SPA's pre-check) in browsers' backtracking engines.
// Rules (ADR 0011):
// - accepted only if JavaScript compiles it with the `u` flag (the clients' engine), RE2 compiles it
//   as written in at most `maxProgramSize` instructions (the server's engine), and recheck finds no
//   exponential and no worse than quadratic backtracking on the whole-value form `^(?:…)$`, within
//   `checkTimeoutMs` (a pattern it cannot clear in time is refused: we fail closed);
// - a value is matched as a whole by RE2 (re2js, linear in the value, no native build), never by the
//   JavaScript engine; recheck's verdict bounds the RE2 cost too, because the NFA's live threads, not
//   the value alone, set it: a 200-instruction `(?:.?){99}x` takes 80 ms on a 1,024-character value;
// - a stored regex that breaks the rules (saved before them, or written to the database directly) is
//   never run: its values are refused until an administrator corrects it.
// Verdicts are kept per pattern text (a claim type's regex changes rarely), except a timeout, which
// says more about the machine's load than about the pattern.
import { RE2JS } from 're2js';
import { check, type Diagnostics } from 'recheck';

// recheck's own setting: its pure-JavaScript checker in a worker thread, rather than its default of
// spawning a platform binary or a JVM as a child process of the server.
process.env.RECHECK_BACKEND ??= 'worker';

/** What is wrong with a regex: it does not compile, RE2 cannot run it (or it is too big), or it may backtrack catastrophically. */
export type ClaimRegexProblem = 'invalid' | 'unsupported' | 'unsafe';

/** Measured: with recheck's verdict, the slowest accepted pattern costs a few ms on a 1,024-character value at this size. */
const maxProgramSize = 300;
const checkTimeoutMs = 5_000;
const maxKeptVerdicts = 500;

type Verdict = { problem: ClaimRegexProblem; final: boolean } | { problem: null; engine: RE2JS };

const verdicts = new Map<string, Promise<Verdict>>();

/** Exponential or at least cubic backtracking: a 1,024-character value then takes seconds in a browser; quadratic takes milliseconds. */
const tolerable = (diagnostics: Diagnostics) =>
  diagnostics.status === 'safe' ||
  (diagnostics.status === 'vulnerable' && diagnostics.complexity.type === 'polynomial' && diagnostics.complexity.degree <= 2);

async function judge(regex: string): Promise<Verdict> {
  try {
    new RegExp(regex, 'u');
  } catch {
    return { problem: 'invalid', final: true };
  }
  let engine: RE2JS;
  try {
    engine = RE2JS.compile(regex);
  } catch {
    return { problem: 'unsupported', final: true };
  }
  if (engine.programSize() > maxProgramSize) return { problem: 'unsupported', final: true };
  const diagnostics = await check(`^(?:${regex})$`, 'u', { timeout: checkTimeoutMs });
  if (diagnostics.status === 'unknown') return { problem: 'unsafe', final: diagnostics.error.kind !== 'timeout' };
  return tolerable(diagnostics) ? { problem: null, engine } : { problem: 'unsafe', final: true };
}

function verdictOf(regex: string): Promise<Verdict> {
  const kept = verdicts.get(regex);
  if (kept) return kept;
  const verdict = judge(regex).then((v) => {
    if (v.problem && !v.final) verdicts.delete(regex);
    return v;
  });
  if (verdicts.size >= maxKeptVerdicts) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(regex, verdict);
  return verdict;
}

/** Why a regex may not be saved on a claim type, or null when it may. */
export async function claimRegexProblem(regex: string): Promise<ClaimRegexProblem | null> {
  return (await verdictOf(regex)).problem;
}

/** Whether the whole value matches; 'unusable' when the stored regex breaks the rules and is not run. */
export async function matchClaimRegex(regex: string, value: string): Promise<boolean | 'unusable'> {
  const verdict = await verdictOf(regex);
  return verdict.problem ? 'unusable' : verdict.engine.matches(value);
}
