import { describe, expect, it } from 'vitest';
import { dictionaries, format } from '~/i18n';

describe('UI strings', () => {
  it.each(['site', 'widgets'] as const)('%s: Japanese and English declare the same keys', (part) => {
    expect(Object.keys(dictionaries.ja[part]).sort()).toEqual(Object.keys(dictionaries.en[part]).sort());
  });

  it('declares every key once (no widget key shadows a site key)', () => {
    const site = new Set(Object.keys(dictionaries.en.site));
    expect(Object.keys(dictionaries.en.widgets).filter((k) => site.has(k))).toEqual([]);
  });

  it('uses the same {placeholders} in both languages', () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const part of ['site', 'widgets'] as const) {
      for (const [key, en] of Object.entries(dictionaries.en[part])) expect(holes(dictionaries.ja[part][key] ?? ''), key).toEqual(holes(en));
    }
  });

  it('fails loudly on a missing key or parameter', () => {
    expect(() => format('ja', 'no.such.key')).toThrow(/missing/);
    expect(() => format('en', 'rule.permalink')).toThrow(/needs the parameter \{id\}/);
  });
});
