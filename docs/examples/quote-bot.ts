// A chat bot's core: from a game and a rule number to a quotable reply, using a Taiyaku site's
// static JSON API (no key, no server: plain files).
//
//   TAIYAKU_URL=https://example.github.io/taiyaku/ node quote-bot.ts mtg 702.33d ja
//
// Node 22.18+ runs this TypeScript file as it is; in a bot, call quote() from your message handler.

type Lang = 'ja' | 'en';

interface GameIndex {
  /** Every entry and sub-rule id → "doc/entry", the path of the entry's JSON file. */
  ids: Record<string, string>;
}
interface EntryFile {
  title: Record<Lang, string>;
  source: { document: Record<Lang, string>; version: string | Record<Lang, string> | null };
  rules: { id: string; text: Record<Lang, string | null>; links: { short: string } }[];
}

/** Discord refuses messages over 2,000 characters; leave room for the title and link. */
const MAX_TEXT = 1800;

async function getJson<T>(url: URL): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The reply for `id` (e.g. "702.33d", "6.5.3", "attack-enemy-activation") in `lang`, or why not. */
export async function quote(site: string, game: string, id: string, lang: Lang = 'en'): Promise<string> {
  const root = new URL(site.endsWith('/') ? site : `${site}/`);
  const index = await getJson<GameIndex>(new URL(`api/${encodeURIComponent(game)}/index.json`, root));
  // Object.hasOwn: a rule number is user input, and "constructor" is not a rule.
  const file = Object.hasOwn(index.ids, id) ? index.ids[id] : undefined;
  if (!file) return lang === 'ja' ? `${game} に ${id} というルールはありません。` : `There is no rule ${id} in ${game}.`;
  const entry = await getJson<EntryFile>(new URL(`api/${encodeURIComponent(game)}/${file}.json`, root));
  const rule = entry.rules.find((r) => r.id === id) ?? entry.rules[0];
  if (!rule) return `${id}: ${entry.title[lang]}`;
  const other: Lang = lang === 'ja' ? 'en' : 'ja';
  let text = rule.text[lang] ?? rule.text[other] ?? '';
  if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT)}…`;
  return `**${rule.id}** ${entry.title[lang]}\n${text}\n<${rule.links.short}>`;
}

// Run from the command line: node quote-bot.ts <game> <id> [ja|en]
if (import.meta.main) {
  const [game = 'mtg', id = '702.33d', lang = 'en'] = process.argv.slice(2);
  console.log(await quote(process.env.TAIYAKU_URL ?? 'http://localhost:4321/', game, id, lang === 'ja' ? 'ja' : 'en'));
}
