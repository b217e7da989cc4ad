// Machine pages for docs/machines: one Markdown page per machine (state chart, events, guards,
// delays, generated test paths). The shell issue adds the machines; until then there are none.
export async function generateMachineDocs(): Promise<Array<[string, string]>> {
  return [];
}
