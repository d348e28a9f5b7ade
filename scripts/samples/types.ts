/** One finding of the sample checker. `file` is relative to the repository root. */
export interface Problem {
  file: string;
  /** 1-based line in `file`. */
  line: number;
  message: string;
}

/** A finding inside one code block, before it is tied to a file. `line` is 1-based in the document. */
export interface BlockProblem {
  line: number;
  message: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}: ${p.message}`;
}

export function compareProblems(a: Problem, b: Problem): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}
