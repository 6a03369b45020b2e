import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { collectRenderProblems, guardRender, rehypeRenderGuard, takeRenderProblems } from './mdx-render-guard';

const compiled = async (body: string, path = '/site/content/demo/cr/100.3.mdx') =>
  String(await compile({ value: body, path }, { rehypePlugins: [[rehypeRenderGuard, { contentDir: '/site/content', root: '/site' }]] }));

describe('rehypeRenderGuard: every expression of a body runs through the guard, at its place in the file', () => {
  it.each([
    ['a flow expression', 'Text.\n\n{f()}\n', 3, 2],
    ['an expression in a paragraph', 'A line with {f()} in it.\n', 1, 14],
    ['an attribute value', '<div title={f()}>x</div>\n', 1, 13],
    ['a spread attribute', '\n<div {...f()}>x</div>\n', 2, 10],
  ])('%s', async (_, body, line, column) => {
    const js = await compiled(body);
    expect(js).toContain(`_taiyakuAt("demo/cr/100.3.mdx", ${line}, ${column}, () => f())`);
    expect(js).toMatch(/import \{guardRender as _taiyakuAt\} from "\/site\/src\/content\/mdx-render-guard\.ts"/);
  });

  it('leaves a body without code alone, and a comment-only expression too', async () => {
    for (const body of ['Plain *text*.\n', '{/* a note to the writer */}\n\nText.\n']) {
      const js = await compiled(body);
      expect(js).not.toContain('_taiyakuAt');
    }
  });

  it('names a body outside the content folder from the project root', async () => {
    expect(await compiled('{f()}\n', '/site/src/pages/about.mdx')).toContain('_taiyakuAt("src/pages/about.mdx", 1, 2,');
  });
});

describe('guardRender', () => {
  const boom = (message: string) => () => { throw new TypeError(message); };

  it('passes a value through', () => {
    expect(guardRender('a.mdx', 1, 1, () => 42)).toBe(42);
  });

  it('outside a build, throws again with the file and line', () => {
    expect(() => guardRender('demo/cr/100.3.mdx', 9, 2, boom('x is null'))).toThrow('demo/cr/100.3.mdx:9:2 › body: throws while its page renders (TypeError: x is null)');
  });

  it('while a build collects: renders nothing, and lists each place once, in file order', () => {
    collectRenderProblems();
    expect(guardRender('demo/cr/100.4.mdx', 12, 1, boom('b'))).toBeNull();
    expect(guardRender('demo/cr/100.4.mdx', 3, 5, boom('a'))).toBeNull();
    expect(guardRender('demo/cr/100.3.mdx', 20, 1, () => { throw 'a string'; })).toBeNull();
    expect(guardRender('demo/cr/100.4.mdx', 12, 1, boom('b'))).toBeNull(); // the same body on the other language's page
    expect(takeRenderProblems()).toEqual([
      { file: 'demo/cr/100.3.mdx:20:1', field: 'body', message: 'throws while its page renders (the value a string)', expected: expect.stringMatching(/^code that runs without an error/) },
      { file: 'demo/cr/100.4.mdx:3:5', field: 'body', message: 'throws while its page renders (TypeError: a)', expected: expect.any(String) },
      { file: 'demo/cr/100.4.mdx:12:1', field: 'body', message: 'throws while its page renders (TypeError: b)', expected: expect.any(String) },
    ]);
    // Taken: the list is empty and collecting has stopped.
    expect(takeRenderProblems()).toEqual([]);
    expect(() => guardRender('a.mdx', 1, 1, boom('c'))).toThrow(/a\.mdx:1:1/);
  });
});
