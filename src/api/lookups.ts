// The lookup catalogue as the finance screens read it (GET /api/app/lookup/{type}; contract/lookups.ts):
// the values of one type as select options, labelled by their display name in the UI culture (the
// server localizes it from the request's Accept-Language; the code when no name exists).
import type { LookupValueDto } from '../../contract/lookups.ts';
import type { Http } from './http.ts';

export type { LookupValueDto };

export async function getLookupValues(http: Http, type: string, signal?: AbortSignal): Promise<LookupValueDto[]> {
  const answer = await http<{ items: LookupValueDto[] }>(`/api/app/lookup/${encodeURIComponent(type)}`, { signal });
  return answer.items;
}

/** The values of a lookup type as options: id and the display name in the UI culture. */
export async function getLookupOptions(http: Http, type: string, signal?: AbortSignal): Promise<Array<{ id: string; label: string }>> {
  return (await getLookupValues(http, type, signal)).map((value) => ({ id: value.id, label: value.displayName || value.code }));
}
