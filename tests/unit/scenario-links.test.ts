import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE_IDS, loadAll } from '~/widgets/registry';
import { encodeBits } from '~/engines/bits';
import { checkLinkSpec, readLink, writeLink, type LinkSpec } from '~/engines/links';
import { encodeQuery } from '~/engines/query';
import { fromDesc } from '~/engines/testing/arbitrary';
import { unwrap } from '~/engines/testing/helpers';
import type { Desc } from '~/engines/validate';

// Scenario links are permanent links (issue 18). Each engine folder's links.json holds, for every
// link format the engine has published, that format's schema and links written in it with the
// scenario each one was made from. These tests hold the engines to them:
// - a schema that changes under a published version fails (make a new version and migrate);
// - every link of every format still opens, as its scenario carried forward by the migrations;
// - today's links are written the same way tomorrow.
// `LINK_CORPUS=write npx vitest run tests/unit/scenario-links.test.ts` records the links of today's
// format (presets and a few random scenarios) when it is new; it never rewrites an older format.
/**
 * `refused`: a rules correction now refuses the scenario. `respelled`: a name of it is now spelled
 * another way by the one spelling (validate.ts normalizeText), so the link opens the scenario with
 * that spelling and today's link for it differs; `why` says which change.
 */
interface Entry { name: string; link: string; scenario: unknown; refused?: { code: string; field: string; why: string }; respelled?: { why: string } }
type Corpus = Record<string, { schema: Desc; links: Entry[] }>;

const modules = await loadAll();
const file = (id: string) => `src/engines/${id}/links.json`;
const read = (id: string): Corpus => JSON.parse(readFileSync(file(id), 'utf8')) as Corpus;
const WRITE = process.env['LINK_CORPUS'] === 'write';

/** The value of format `from` carried forward to today's format. */
function forward(spec: LinkSpec, from: number, value: unknown): unknown {
  let v = structuredClone(value);
  for (const f of spec.past) if (f.version >= from) v = f.up(v);
  return v;
}
const schemaOf = (spec: LinkSpec, current: Desc, version: number): Desc | undefined =>
  version === spec.version ? current : spec.past.find((f) => f.version === version)?.schema;

if (WRITE) {
  for (const id of ENGINE_IDS) {
    const m = modules[id];
    const corpus = read(id);
    const entries: Entry[] = m.presetIds.map((p) => {
      const played = unwrap(m.play(unwrap(m.preset(p))));
      return { name: `preset ${p}`, link: played.query, scenario: played.scenario };
    });
    let k = 0;
    for (const s of fc.sample(fromDesc(m.schema), { numRuns: 2000, seed: 18 })) {
      const r = m.play(s);
      if (!r.ok) continue;
      entries.push({ name: `random ${k}`, link: r.value.query, scenario: r.value.scenario });
      if (++k >= 6) break;
    }
    corpus[String(m.link.version)] = { schema: m.schema, links: entries };
    writeFileSync(file(id), `${JSON.stringify(corpus, null, 1)}\n`);
  }
}

describe.each(ENGINE_IDS.map((id) => [id, modules[id]] as const))('%s links', (id, m) => {
  const corpus = read(id);
  const spec = m.link;

  it('name formats 1 … today in order, each earlier one with its migration', () => {
    expect(checkLinkSpec(spec)).toEqual([]);
    expect(Object.keys(corpus).map(Number).toSorted((a, b) => a - b)).toEqual(Array.from({ length: spec.version }, (_, i) => i + 1));
  });

  it.each(Object.keys(corpus))('format %s: its schema is exactly the one published', (v) => {
    const schema = schemaOf(spec, m.schema, Number(v));
    expect(
      JSON.parse(JSON.stringify(schema)),
      `the ${id} schema of link format ${v} changed. A published format is frozen: give the new schema version ${spec.version + 1} in ${id}/formats.ts, keep this one as a past format with an \`up\` migration, then record the new format with LINK_CORPUS=write`,
    ).toEqual(corpus[v]!.schema);
  });

  it.each(Object.entries(corpus).flatMap(([v, c]) => c.links.map((e) => [v, e.name, e] as const)))('format %s, %s: still opens, as the same scenario', (v, _, e) => {
    const raw = readLink(spec, m.schema, e.link);
    expect(raw).toEqual({ value: forward(spec, Number(v), e.scenario) });
    if (e.refused !== undefined) {
      // a rules correction, recorded with its reason: the link opens its scenario, which the engine
      // now refuses for a rule (never for the link's format)
      expect(e.refused.why.length).toBeGreaterThan(20);
      expect(m.fromQuery(e.link)).toEqual({ ok: false, error: [expect.objectContaining({ code: e.refused.code, field: e.refused.field })] });
      return;
    }
    const opened = unwrap(m.fromQuery(e.link));
    expect(opened).toEqual(unwrap(m.validate(forward(spec, Number(v), e.scenario))));
    expect(m.play(opened).ok).toBe(true);
    // today's links are written the same way tomorrow (unless a name is spelled anew: recorded)
    if (e.respelled !== undefined) {
      expect(e.respelled.why.length).toBeGreaterThan(20);
      expect(unwrap(m.play(opened)).query).not.toBe(e.link);
    } else if (Number(v) === spec.version) expect(unwrap(m.play(opened)).query).toBe(e.link);
  });

  it('every value of every past format, written in that format, opens as its migration', () => {
    for (const f of spec.past) {
      fc.assert(
        fc.property(fromDesc(f.schema), (value) => {
          const link = f.codec === 'tokens' ? encodeQuery(`${spec.code}${f.version}`, f.schema, value) : `${spec.code}${f.version}.${encodeBits(f.schema, value)}`;
          expect(readLink(spec, m.schema, link)).toEqual({ value: forward(spec, f.version, value) });
        }),
        { numRuns: 60 },
      );
    }
  });

  it("every scenario round-trips through today's link", () => {
    fc.assert(
      fc.property(fromDesc(m.schema), (input) => {
        const v = m.validate(input);
        if (!v.ok) return;
        const link = writeLink(spec, m.schema, v.value);
        expect(link).toMatch(/^[a-z]+\d+\.[A-Za-z0-9_-]*$/);
        expect(unwrap(m.fromQuery(link))).toEqual(v.value);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a link of a format it never had', () => {
    expect(m.fromQuery(`${spec.code}${spec.version + 1}.AAAA`)).toMatchObject({ ok: false, error: [{ code: 'bad-query', detail: { reason: 'version' } }] });
    expect(m.fromQuery(`zz${spec.version}.AAAA`)).toMatchObject({ ok: false, error: [{ code: 'bad-query', detail: { reason: 'engine' } }] });
  });
});

it('a schema change under a published format is caught', () => {
  const m = modules['mc-scheme'];
  const changed = JSON.parse(JSON.stringify(m.schema)) as { fields: unknown[] };
  changed.fields.push({ key: 'new', desc: { t: 'bool' }, optional: false });
  expect(changed).not.toEqual(read('mc-scheme')[String(m.link.version)]!.schema);
});

it('keeps every worked example short enough for chat, and shorter than in format 1', () => {
  const rows: string[] = [];
  for (const id of ENGINE_IDS) {
    const m = modules[id];
    const v1 = new Map(read(id)['1']!.links.map((e) => [e.name, e.link.length]));
    for (const p of m.presetIds) {
      const link = unwrap(m.play(unwrap(m.preset(p)))).query;
      const before = v1.get(`preset ${p}`);
      rows.push(`${id} ${p}: ${before ?? '–'} → ${link.length}`);
      expect(link.length, `${id} ${p}`).toBeLessThanOrEqual(120);
      if (before !== undefined) expect(link.length, `${id} ${p}`).toBeLessThanOrEqual(before);
    }
  }
  if (process.env['LINK_LENGTHS'] === 'print') console.log(rows.join('\n'));
});
