// Maps a problem found in parsed YAML back to a line of the source file, for file:line reports:
// the first line at or after the sub-rule's `id:` that contains the quoted text.
export function lineOf(source: string, text: string, ruleId?: string): number | undefined {
  const lines = source.split('\n');
  let from = 0;
  if (ruleId) {
    const at = lines.findIndex((l) => new RegExp(`\\bid:\\s*["']?${ruleId.replace(/\./g, '\\.')}["']?\\s*(,|}|$)`).test(l));
    if (at >= 0) from = at;
  }
  for (let i = from; i < lines.length; i++) if (lines[i]!.includes(text)) return i + 1;
  const anywhere = lines.findIndex((l) => l.includes(text));
  return anywhere >= 0 ? anywhere + 1 : undefined;
}
