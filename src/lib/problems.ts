// Content errors are collected, not thrown one at a time: an author fixing a batch of entries wants
// the whole list. Each line names the file, the field and what was expected.
export interface Problem { file: string; field: string; message: string; expected: string }

export class ContentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(formatProblems(problems));
    this.name = 'ContentError';
  }
}

export function formatProblems(problems: Problem[]): string {
  const lines = problems.map((p) => `  ${p.file} › ${p.field}: ${p.message}. Expected ${p.expected}.`);
  return `Taiyaku found ${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}

export class ContentProblems {
  readonly list: Problem[] = [];
  add(file: string, field: string, message: string, expected: string) {
    this.list.push({ file, field, message, expected });
  }
  throwIfAny() {
    if (this.list.length) throw new ContentError(this.list);
  }
}
