// Generated official texts in each publisher's layout (invented text, never a publisher's wording),
// for the benchmarks that import official text: bench-official.mjs and bench-deploy.mjs. Each is
// deterministic, so every run generates the same corpus.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';

/** Deterministic pseudo-random numbers, so every run generates the same corpus. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const WORDS = ['a', 'player', 'may', 'choose', 'one', 'card', 'that', 'ability', 'the', 'turn', 'each', 'object', 'cost', 'if', 'when', 'then', 'its', 'controller', 'puts', 'into', 'play', 'counter', 'effect', 'resolves', 'before', 'after', 'another', 'is', 'not', 'and', 'or', 'with'];
const sentence = (rand, n) => {
  const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]);
  return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
};
const LETTERS = 'abcdefghijkmnpqrstuvwxyz';

/**
 * A Comprehensive Rules text file in the publisher's layout, about the size of a real one (9 sections,
 * 135 rules, ~1,050 numbered rules, ~1,700 sub-rules, 620 glossary terms). Invented text.
 */
export function magicCorpus(file) {
  const rand = rng(7);
  const toc = ['Contents', ''];
  const body = [];
  const ids = [];
  for (let s = 1; s <= 9; s++) {
    toc.push(`${s}. Section ${s}`);
    body.push(`${s}. Section ${s}`, '');
    for (let r = 0; r < 15; r++) {
      const rule = s * 100 + r;
      toc.push(`${rule}. Rule ${rule}`);
      body.push(`${rule}. Rule ${rule}`, '');
      const numbered = 6 + Math.floor(rand() * 4);
      for (let n = 1; n <= numbered; n++) {
        const id = `${rule}.${n}`;
        const cite = ids.length ? ` See rule ${ids[Math.floor(rand() * ids.length)]}.` : '';
        body.push(`${id}. ${sentence(rand, 14 + Math.floor(rand() * 20))}${cite}`, '');
        ids.push(id);
        const subs = Math.floor(rand() * 3.3);
        for (let k = 0; k < subs; k++) {
          body.push(`${id}${LETTERS[k]} ${sentence(rand, 12 + Math.floor(rand() * 24))}`, '');
          ids.push(`${id}${LETTERS[k]}`);
        }
        if (rand() < 0.25) body.push(`Example: ${sentence(rand, 18)}`, '');
      }
    }
  }
  const glossary = ['Glossary', ''];
  for (let g = 0; g < 620; g++) glossary.push(`Term ${g}`, `${sentence(rand, 16)} See rule ${ids[Math.floor(rand() * ids.length)]}.`, '');
  const text = ['Magic: The Gathering Comprehensive Rules (generated for a benchmark)', '', 'These rules are effective as of March 7, 2031.', '', 'Introduction', '',
    'Generated text in the layout of the Comprehensive Rules; not the official wording.', '', ...toc, 'Glossary', 'Credits', '', ...body, ...glossary, 'Credits', '', 'Generated.', ''].join('\n');
  writeFileSync(file, text);
  return { note: 'generated corpus in the Comprehensive Rules text layout (invented text)' };
}

/**
 * An earlier edition of a generated Comprehensive Rules text (the current one's lines): every 12th
 * numbered rule with two or more sub-rules lacks its first sub-rule (so the current edition inserted
 * it, and the letters after it moved up one), one rule in 15 has a word it no longer has, and one
 * numbered rule in 60 has a sub-rule the current edition removed. Cheap: one pass over the lines.
 */
export function earlierMagic(current, file) {
  const rand = rng(23);
  const lines = readFileSync(current, 'utf8').split('\n');
  const out = [];
  let numbered = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const head = /^(\d{3}\.\d+)\. /.exec(line);
    if (head) {
      numbered++;
      const subs = [];
      for (let j = i + 2; j < lines.length && lines[j].startsWith(`${head[1]}`) && /^[a-z] /.test(lines[j].slice(head[1].length)); j += 2) subs.push(j);
      out.push(rand() < 1 / 15 ? line.replace(/ (a|the|one) /, ' each such ') : line, '');
      const drop = numbered % 12 === 0 && subs.length >= 2;
      const kept = subs.slice(drop ? 1 : 0).map((j, k) => `${head[1]}${LETTERS[k]}${lines[j].slice(head[1].length + 1)}`);
      for (const l of kept) out.push(rand() < 1 / 15 ? l.replace(/ (a|the|one) /, ' each such ') : l, '');
      if (numbered % 60 === 0) out.push(`${head[1]}${LETTERS[kept.length]} A rule of the earlier edition that the current one no longer has, numbered ${numbered}.`, '');
      i = (subs.at(-1) ?? i) + 1;
      continue;
    }
    out.push(line);
  }
  writeFileSync(file, out.join('\n').replace('These rules are effective as of March 7, 2031.', 'These rules are effective as of September 1, 2030.'));
}

/**
 * A Rules Reference text with a glossary heading for every Rules Reference entry written so far
 * (their printed headings, so official text meets the explanations as it would) and invented ones
 * up to about the real document's size (~250 headings, steps, bullets, See also lists).
 */
export function marvelCorpus(file, contentDir) {
  const rand = rng(11);
  const headings = [];
  for (const name of readdirSync(join(contentDir, 'marvel-champions', 'rr'))) {
    if (!/\.(yaml|mdx)$/.test(name) || name === 'document.yaml') continue;
    const text = readFileSync(join(contentDir, 'marvel-champions', 'rr', name), 'utf8');
    const data = load(name.endsWith('.mdx') ? text.split(/^---$/m)[1] : text);
    const printed = data.sourceTitle ?? data.title.en.toUpperCase();
    if (!/[a-z]/.test(printed)) headings.push(printed);
  }
  for (let i = headings.length; i < 250; i++) headings.push(`INVENTED TERM ${i}`);
  const lines = ['RULES REFERENCE', 'Marvel Champions: The Card Game — generated for a benchmark, Version 1.8', 'Generated text in the layout of the Rules Reference; not the official wording.', '', 'GLOSSARY', ''];
  const title = (h) => h.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
  for (const h of headings.toSorted()) {
    lines.push(h, sentence(rand, 20 + Math.floor(rand() * 30)));
    if (rand() < 0.3) {
      lines.push(sentence(rand, 10));
      const steps = 2 + Math.floor(rand() * 4);
      for (let s = 1; s <= steps; s++) lines.push(`${s}. ${sentence(rand, 12 + Math.floor(rand() * 12))}`);
    }
    if (rand() < 0.3) lines.push(`• ${sentence(rand, 14)}`, `• ${sentence(rand, 14)}`);
    if (rand() < 0.5) lines.push(`See also: ${[0, 1, 2].map(() => title(headings[Math.floor(rand() * headings.length)])).join(', ')}`);
    lines.push('');
  }
  lines.push('APPENDIX I: GENERATED', 'Not a glossary entry.', '');
  writeFileSync(file, lines.join('\n'));
  return { note: `generated corpus in the Rules Reference layout (invented text; ${headings.length} headings, the Rules Reference entries written so far among them)` };
}


/**
 * A Disney Lorcana Comprehensive Rules text in the publisher's numbering (`1.` section, `1.9.` rule
 * heading, `1.9.1.` rule, `1.9.1.1.` sub-rule; `Example:` paragraphs), about the real document's size
 * (10 sections, ~120 headings, ~1,100 numbers), with every number the bundled explanations use (so
 * official text meets them as it would) and their headings' titles. Invented text; version 2.3.0, the
 * edition the bundled explanations follow.
 */
export function lorcanaCorpus(file, contentDir) {
  const rand = rng(13);
  const dir = join(contentDir, 'lorcana', 'cr');
  const used = new Set();
  const titles = new Map();
  for (const name of readdirSync(dir)) {
    if (!/\.(yaml|mdx)$/.test(name) || name === 'document.yaml') continue;
    const text = readFileSync(join(dir, name), 'utf8');
    const data = load(name.endsWith('.mdx') ? text.split(/^---$/m)[1] : text);
    const id = name.replace(/\.(yaml|mdx)$/, '');
    used.add(id);
    titles.set(id, data.title.en);
    for (const r of data.rules ?? []) used.add(String(r.id));
  }
  const most = (prefix, depth) => Math.max(0, ...[...used].filter((u) => u.startsWith(`${prefix}.`) && u.split('.').length === depth).map((u) => Number(u.split('.').at(-1))));
  const lines = ['Disney Lorcana TCG Comprehensive Rules (generated for a benchmark)', '', 'Version 2.3.0', '', 'Effective October 16, 2026', '',
    'Generated text in the numbering of the Disney Lorcana Comprehensive Rules; not the official wording.', ''];
  for (let s = 1; s <= 10; s++) {
    lines.push(`${s}. SECTION ${s}`, '');
    const headings = Math.max(8 + Math.floor(rand() * 8), most(`${s}`, 2));
    for (let h = 1; h <= headings; h++) {
      const heading = `${s}.${h}`;
      lines.push(`${heading}. ${titles.get(heading) ?? `Rule ${heading}`}`, '');
      const rules = Math.max(3 + Math.floor(rand() * 7), most(heading, 3));
      for (let r = 1; r <= rules; r++) {
        const rule = `${heading}.${r}`;
        lines.push(`${rule}. ${sentence(rand, 12 + Math.floor(rand() * 22))}`, '');
        if (rand() < 0.15) lines.push(`Example: ${sentence(rand, 16)}`, '');
        const subs = Math.max(rand() < 0.3 ? 1 + Math.floor(rand() * 3) : 0, most(rule, 4));
        for (let k = 1; k <= subs; k++) lines.push(`${rule}.${k}. ${sentence(rand, 10 + Math.floor(rand() * 16))}`, '');
      }
    }
  }
  lines.push('GLOSSARY', '', 'Generated.', '');
  writeFileSync(file, lines.join('\n'));
  return { note: 'generated corpus in the Lorcana Comprehensive Rules numbering (invented text, version 2.3.0, every number the bundled explanations use)' };
}
