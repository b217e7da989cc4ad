// The ABP error envelope as the wire contract describes it (abp-wire-contract.md; design "Errors
// leave in the ABP envelope { error: { code, message, details, data, validationErrors } }"), read
// for the references. Spec 5: a message may end with its parameters in '[a,b]'; they fill {0}, {1}.
export function envelopeMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const body = (error as { data?: { error?: { message?: unknown } } }).data?.error;
  return typeof body?.message === 'string' && body.message !== '' ? body.message : null;
}

export function withParameters(message: string): string {
  const open = message.lastIndexOf('[');
  if (open === -1 || !message.trimEnd().endsWith(']')) return message;
  const template = message.slice(0, open).trimEnd();
  if (!/\{\d\}/.test(template)) return message;
  const parameters = message
    .slice(open + 1, message.trimEnd().length - 1)
    .split(',')
    .map((one) => one.trim());
  let result = template;
  parameters.forEach((parameter, index) => {
    result = result.split(`{${index}}`).join(parameter);
  });
  return result;
}

/** validationErrors members ('Name') onto the form's fields ('name'), first message wins. */
export function envelopeFields(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof error !== 'object' || error === null) return fields;
  const list = (error as { data?: { error?: { validationErrors?: unknown } } }).data?.error?.validationErrors;
  if (!Array.isArray(list)) return fields;
  for (const item of list as Array<{ message?: unknown; members?: unknown }>) {
    if (typeof item.message !== 'string' || !Array.isArray(item.members)) continue;
    for (const member of item.members) {
      if (typeof member !== 'string' || member === '') continue;
      const field = member[0]!.toLowerCase() + member.slice(1);
      if (!(field in fields)) fields[field] = withParameters(item.message);
    }
  }
  return fields;
}

export function httpStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : null;
}
