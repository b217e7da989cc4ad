// Reference of link login, written from spec 2.4 (on a page opened with handler=linkLogin and either
// linkUserId or token the product performs the link login, then clears handler, linkUserId,
// linkTenantId and token from the query and reloads), spec 4.7 (the grant 'LinkLogin' with
// LinkUserId and optional LinkTenantId; a response with tenant_domain redirects the browser to that
// domain with handler=linkLogin and the token as JSON; otherwise the tokens are stored, the query
// cleared and the page reloads) and spec 8 (a failed link login toasts the server's
// error_description). A token answer brought back from the tenant's domain is stored as it is; with
// no current access token there is nothing to link from. The outcome the parent sees is the output
// of a failure (success leaves the page). Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface LinkLoginExpectedView {
  status: string;
  output: { error: string; description: string | null } | null;
}

interface Input {
  request: { linkUserId: string | null; linkTenantId: string | null; token: string | null };
  accessToken: string | null;
  location: string;
}

export const linkLoginRules: RuleBook = {
  source: 'spec 2.4 (link-login handling), 4.7 (account linking), 8 (link login fails)',
  rules: {
    tokenAnswer: {
      state: 'deciding',
      text: "A token answer (JSON with an access_token) from the tenant's domain is stored and the page reloads, without a grant.",
    },
    grant: {
      state: 'deciding',
      text: 'linkUserId with a current access token runs the LinkLogin grant (LinkUserId, optional LinkTenantId).',
    },
    nothing: { state: 'deciding', text: 'Otherwise (no access token, a broken token answer) it fails as invalid_request.' },
    tenantDomain: { state: 'granting', text: 'An answer with tenant_domain sends the browser there with the token.' },
    tokens: { state: 'granting', text: 'Otherwise the tokens are stored, the link parameters leave the query and the page reloads.' },
    refused: { state: 'granting', text: "A refused grant ends with the server's error and error_description." },
    redirectFailed: {
      state: 'redirectingToTenantDomain',
      text: 'The redirect to the tenant domain cannot happen: it ends failed (request_failed).',
    },
    reloadFailed: { state: 'reloading', text: 'Storing the tokens and reloading cannot happen: it ends failed (request_failed).' },
  },
  equivalentMutants: [
    {
      mutant: "the 'fail' action (or its params) of the last `deciding` branch emptied",
      why: "the machine's output reads a missing error as invalid_request with no description, which is what that branch sets.",
    },
    {
      mutant: "?? '' of the grant's accessToken and linkUserId, and of the redirect's tenantDomain (and tokens?. there), changed",
      why: 'unreachable: granting is entered only when canGrant saw both values, and the redirect only when hasTenantDomain saw a tenant_domain in the stored tokens.',
    },
    {
      mutant: "context.error ?? 'invalid_request' of the output changed",
      why: 'every way into failed sets an error first, so the fallback never applies.',
    },
  ],
};

function failure(error: unknown) {
  const value = error as { error?: unknown; error_description?: unknown } | null;
  return {
    error: typeof value?.error === 'string' ? value.error : 'request_failed',
    description: typeof value?.error_description === 'string' ? value.error_description : null,
  };
}

export function linkLoginReference(rawInput: unknown): ReferenceRun<LinkLoginExpectedView> {
  const input = rawInput as Input;
  const recorder = new Recorder();
  let output: LinkLoginExpectedView['output'] = null;
  let phase: 'granting' | 'leaving' | 'done' = 'done';
  const end = (rule: string, result: { error: string; description: string | null }) => {
    recorder.rule(rule);
    output = result;
    phase = 'done';
  };
  const reload = (tokens: unknown) => {
    phase = 'leaving';
    recorder.call('storeAndReload', { tokens, location: input.location });
  };
  let answer: { access_token?: unknown } | null = null;
  try {
    answer = JSON.parse(input.request.token ?? '') as { access_token?: unknown } | null;
  } catch {
    answer = null;
  }
  if (answer && typeof answer.access_token === 'string') {
    recorder.rule('tokenAnswer');
    reload(answer);
  } else if (input.request.linkUserId && input.accessToken) {
    recorder.rule('grant');
    phase = 'granting';
    recorder.call('linkLoginGrant', {
      accessToken: input.accessToken,
      linkUserId: input.request.linkUserId,
      linkTenantId: input.request.linkTenantId,
    });
  } else end('nothing', { error: 'invalid_request', description: null });
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ status: output ? 'done' : 'active', output }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; error?: unknown };
      if (phase === 'granting' && e.type === 'done' && e.actor === 'linkLoginGrant') {
        const tokens = e.output as { tenant_domain?: string };
        if (tokens.tenant_domain) {
          recorder.rule('tenantDomain');
          phase = 'leaving';
          recorder.call('redirectToTenantDomain', { tenantDomain: tokens.tenant_domain, tokens });
        } else {
          recorder.rule('tokens');
          reload(tokens);
        }
      } else if (phase === 'granting' && e.type === 'error' && e.actor === 'linkLoginGrant') end('refused', failure(e.error));
      else if (phase === 'leaving' && e.type === 'error')
        end(e.actor === 'redirectToTenantDomain' ? 'redirectFailed' : 'reloadFailed', failure(e.error));
    },
  };
}
