// Duty: the record of the editions the site has served (content/served.json, or that of the folder
// TAIYAKU_CONTENT names; src/model/served.ts). Written last, beside the permanent-link manifest, once
// every check has passed: each document's current edition is added with today's date, nothing is
// removed. The content check read it at the start (src/content/check-content.ts) and refused a
// served edition the document no longer knows.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { SiteModel } from '../model/site-model';
import { addServed, SERVED_FILE, type Served } from '../model/served';

export async function writeServed(contentDir: string, site: SiteModel, logger: { info(m: string): void }, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const file = join(contentDir, SERVED_FILE);
  const old: Served = existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) as Served : {};
  const next = addServed(old, site.games.map((g) => site.pins(g.id)), today);
  if (!next) return;
  await writeFile(file, `${JSON.stringify(next, null, 1)}\n`);
  const added = site.games.flatMap((g) => site.pins(g.id).docs.filter((d) => old[g.id]?.[d.doc]?.[d.editions[0]!.id] === undefined).map((d) => `${g.id}/${d.doc}@${d.editions[0]!.id}`));
  logger.info(`${relative(process.cwd(), file)}: now serving ${added.join(', ')} (their pinned links keep a page after any later import): commit it, and keep it between deploys`);
}
