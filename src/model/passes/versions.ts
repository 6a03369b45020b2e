// The versions pass: every page names the edition it follows (docs/content.md#a-document): the
// document's version, or each entry's own source.version; an edition that cannot be established is
// described in both languages and explained in a 要確認 note. Reads ctx.docs (with their entries).
import type { ModelContext } from './context';

export function versionsPass(ctx: ModelContext): void {
  const { problems, docs } = ctx;
  for (const doc of docs.values()) {
    const version = doc.data.version;
    const unversioned = doc.entries.filter((e) => !e.data.source?.version);
    if (version === undefined && unversioned.length) {
      problems.add(doc.file, 'version', `is missing, and ${unversioned.length} of its entries name no source.version (${unversioned.slice(0, 3).map((e) => e.id).join(', ')}${unversioned.length > 3 ? ', …' : ''})`, 'the edition the pages follow (version: "1.7"), or { ja, en } saying it is not established, with a question note');
    }
    if (typeof version === 'object' && !doc.data.notes.some((n) => n.kind === 'question')) {
      problems.add(doc.file, 'notes', 'the version is described (not established) but no 要確認 note explains it', 'a note with kind: question saying what is known about the edition');
    }
  }
}
