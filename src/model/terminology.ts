// The terminology check: Japanese running text must not use a variant the dictionary marks
// `avoid` (e.g. a machine translation's 悪役 where the site says ヴィラン). A variant written as
// inline code (`悪役`) is a mention — a note explaining the variant — and is allowed.
import type { Term } from '../schemas/content';

export interface TermFinding { file: string; line: number; term: string; preferred: string; termId: string }

export function checkTerminology(files: { file: string; text: string }[], terms: Term[]): TermFinding[] {
  const avoid = terms.flatMap((t) => t.variants.filter((v) => v.lang === 'ja' && v.avoid).map((v) => ({ term: v.term, preferred: t.ja, termId: t.id })));
  const findings: TermFinding[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((raw, i) => {
      const line = raw.replace(/`[^`]*`/g, ''); // mentions in inline code are fine
      for (const a of avoid) {
        if (line.includes(a.term)) findings.push({ file, line: i + 1, term: a.term, preferred: a.preferred, termId: a.termId });
      }
    });
  }
  return findings;
}

export const formatFinding = (f: TermFinding) =>
  `${f.file}:${f.line}: uses 「${f.term}」, which the dictionary marks avoid (term "${f.termId}"); write 「${f.preferred}」, or \`${f.term}\` when mentioning the variant itself`;
