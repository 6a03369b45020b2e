// Small inputs for the passes' own tests (src/model/passes/*.test.ts): a game, its documents and
// entries written the way the content files are (parsed by the schemas, so defaults apply), and a
// context run through the passes a test names, in the order buildModel runs them.
import { documentSchema, entrySchema, gameSchema, officialEditionSchema, officialEntrySchema, termSchema } from '../../schemas/content';
import type { DocumentInput, EditionInput, EntryInput, GameInput, OfficialInput, TermsInput } from '../types';
import { createContext, type ModelContext, type ModelInput } from './context';

export const game = (id: string, idStyle: 'mtg' | 'dotted' | 'slug' = 'dotted', order = 0): GameInput => ({
  id, file: `content/${id}/game.yaml`, data: gameSchema.parse({ name: { ja: id, en: id }, description: { ja: id, en: id }, idStyle, order }),
});
export const doc = (id: string, fields: Record<string, unknown> = {}): DocumentInput => ({
  id, file: `content/${id}/document.yaml`, data: documentSchema.parse({ title: { ja: id, en: id }, publisher: 'P', about: { ja: id, en: id }, version: '1.0', ...fields }),
});
export const entry = (id: string, fields: Record<string, unknown> = {}, hasBody = false): EntryInput => ({
  id, file: `content/${id}.yaml`, hasBody, data: entrySchema.parse({ title: { ja: id, en: id }, checked: '2026-01-01', ...fields }),
});
export const official = (id: string, fields: Record<string, unknown> = {}): OfficialInput => ({
  id, file: `content/${id.replace(/\/([^/]+)$/, '/official/$1')}.yaml`,
  data: officialEntrySchema.parse({ title: { ja: id, en: id }, edition: { en: '2.0', ja: '2.0' }, checked: '2026-01-01', status: { ja: 'official', en: 'official' }, ...fields }),
});
export const edition = (id: string, fields: Record<string, unknown> = {}): EditionInput => ({
  id, file: `content/${id}/official/_edition.yaml`, data: officialEditionSchema.parse({ edition: { en: '2.0', ja: '2.0' }, version: '2.0', from: 'files', imported: '2026-01-01', ...fields }),
});
export const terms = (gameId: string, list: Record<string, unknown>[]): TermsInput => ({
  game: gameId, file: `content/${gameId}/terms.yaml`, terms: list.map((t) => termSchema.parse({ def: { ja: 'd', en: 'd' }, ...t })),
});

/** A context for `input` (games, documents, entries and planned default to none) after `passes` ran. */
export function run(input: Partial<ModelInput>, ...passes: ((ctx: ModelContext) => unknown)[]): ModelContext {
  const ctx = createContext({ games: [], documents: [], entries: [], planned: [], ...input });
  for (const pass of passes) pass(ctx);
  return ctx;
}

/** The problems (or notices) of a context as `file › field: message` lines. */
export const said = (list: { file: string; field: string; message: string }[]) => list.map((p) => `${p.file} › ${p.field}: ${p.message}`);
