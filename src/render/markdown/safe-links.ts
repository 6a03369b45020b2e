// MDX bodies get the same Markdown checks as YAML texts (src/model/markdown-check.ts): a link,
// autolink, reference definition, image or literal JSX URL attribute with a javascript:, data: …
// URL stops the build with the file, `body` and the line. (An `.mdx` file is code and is reviewed
// as code — docs/content.md — but an author's slip should not need a reviewer to catch it.)
import { relative } from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { markdownIssues } from '../../model/markdown-check';
import { ContentError } from '../../model/problems';

export function remarkSafeLinks() {
  return (tree: Root, file: VFile) => {
    const issues = markdownIssues(tree);
    if (!issues.length) return;
    const where = file.path ? relative(process.cwd(), file.path) : '(MDX)';
    // The content check reports these first (src/content/mdx-body.ts); this holds for any other route in.
    throw new ContentError(issues.map((i) => ({ file: `${where}${i.line ? `:${i.line}:${i.column ?? 1}` : ''}`, field: 'body', message: i.message, expected: i.expected })));
  };
}
