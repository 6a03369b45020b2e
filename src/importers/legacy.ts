// The importer's earlier layout wrote official text into the explanations' own folder, each file
// marked `imported: { from, hash }`. A new import moves such files to official/ (apply.ts): one still
// as written (its hash matches) is deleted; one edited by hand since is kept as hand-written.
import { createHash } from 'node:crypto';

type Raw = Record<string, unknown>;
type RawRule = { id?: unknown; en?: unknown; ja?: unknown; title?: unknown; notes?: unknown };

/** Fields the importer owns; everything else in an imported file (notes, order, source, sourceTitle) is the maintainers'. */
function ownedFields(data: Raw) {
  const rules = Array.isArray(data['rules']) ? (data['rules'] as RawRule[]) : [];
  return {
    title: data['title'] ?? null,
    status: data['status'] ?? null,
    missing: data['missing'] ?? null,
    see: data['see'] ?? [],
    seeAlso: data['seeAlso'] ?? [],
    rules: rules.map((r) => ({ id: r.id ?? null, en: r.en ?? null, ja: r.ja ?? null, title: r.title ?? null })),
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Raw;
    return `{${Object.keys(obj).filter((k) => obj[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash stored in `imported.hash`: over the importer-owned fields only. */
/** The hash the earlier layout stored in `imported.hash`: over the importer-owned fields only. */
export const importedHash = (data: Raw) => createHash('sha256').update(canonical(ownedFields(data))).digest('hex').slice(0, 16);

