// MDX bodies get the same Markdown checks as YAML texts (src/model/markdown-check.ts): a link,
// autolink, reference definition, image or literal JSX URL attribute with a javascript:, data: …
// URL stops the build with the file, `body` and the line. (An `.mdx` file is code and is reviewed
// as code — docs/content.md — but an author's slip should not need a reviewer to catch it.)
import { relative } from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { markdownIssues } from '../../model/markdown-check';

export function remarkSafeLinks() {
  return (tree: Root, file: VFile) => {
    const issues = markdownIssues(tree);
    if (!issues.length) return;
    const where = file.path ? relative(process.cwd(), file.path) : '(MDX)';
    const lines = issues.map((i) => `  ${where} › body${i.line ? `:${i.line}:${i.column ?? 1}` : ''}: ${i.message}. Expected ${i.expected}.`);
    throw new Error(`Taiyaku found ${issues.length} content problem${issues.length === 1 ? '' : 's'}:\n${lines.join('\n')}`);
  };
}
