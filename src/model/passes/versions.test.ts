import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { pagesPass } from './pages';
import { versionsPass } from './versions';
import { doc, entry, game, run, said } from './testing';

describe('the versions pass', () => {
  const rule = { rules: [{ id: '1.1', ja: 'あ', en: 'a' }] };
  it.each([
    ['a document version', { version: '1.0' }, [entry('g/rr/1', rule)], []],
    ['no document version, every entry names its own', { version: undefined }, [entry('g/rr/1', { ...rule, source: { version: '1.0' } })], []],
    ['no version anywhere', { version: undefined }, [entry('g/rr/1', rule), entry('g/rr/2', { rules: [{ id: '2.1', ja: 'い', en: 'b' }] })], [
      'content/g/rr/document.yaml › version: is missing, and 2 of its entries name no source.version (1, 2)',
    ]],
    ['a described version without a question note', { version: { ja: '不明', en: 'not known' } }, [entry('g/rr/1', rule)], [
      'content/g/rr/document.yaml › notes: the version is described (not established) but no 要確認 note explains it',
    ]],
    ['a described version with a question note', { version: { ja: '不明', en: 'not known' }, notes: [{ kind: 'question', ja: 'なぜ', en: 'why' }] }, [entry('g/rr/1', rule)], []],
  ])('%s', (_, fields, entries, problems) => {
    const ctx = run({ games: [game('g')], documents: [doc('g/rr', fields)], entries }, documentsPass, pagesPass, versionsPass);
    expect(said(ctx.problems.list)).toEqual(problems);
  });
});
