/**
 * What `tower deploy` puts into a package, worked out from the Towerfile alone (the checker cannot
 * see the reader's folder). Tower walks the app folder with `source` globs; a pattern that matches a
 * folder brings in everything below it, and a few files are never packaged (tower-cli 0.3.70).
 */
import {compileGlob, normaliseGlobPath, type GlobMatcher} from './glob';

/** Files and folders Tower leaves out whatever `source` says. */
export const NEVER_PACKAGED = ['*.pyc files', '__pycache__/', '.git/', '.venv/', '.gitignore files', 'the Towerfile itself (stored separately)'];

/** Dependency files in the order Tower prefers them: `uv sync` for the first, `uv pip install -r` for the second. */
export const DEPENDENCY_FILES = ['pyproject.toml', 'requirements.txt'] as const;
export type DependencyFile = (typeof DEPENDENCY_FILES)[number];

/**
 * How much of `source` the checker reads: matching a path costs time in proportion to the patterns'
 * length (their braces expanded), so past this many characters the remaining patterns are not
 * read. Real Towerfiles list a handful of short patterns.
 */
export const MAX_SOURCE_CHARACTERS = 8192;
/** Paths longer than this are not matched at all (a script path is a few dozen characters). */
const MAX_PATH_LENGTH = 1024;

/** The `source` patterns, compiled once per check: what each packages, and the ones the checker cannot read. */
export interface SourcePatterns {
  matchers: GlobMatcher[];
  /** Patterns that are not read, by index in `source`, with why. */
  unread: {index: number; reason: string}[];
  /** How many patterns there are; none means everything is packaged. */
  count: number;
}

export function compileSourcePatterns(patterns: readonly string[]): SourcePatterns {
  const matchers: GlobMatcher[] = [];
  const unread: SourcePatterns['unread'] = [];
  let budget = MAX_SOURCE_CHARACTERS;
  patterns.forEach((pattern, index) => {
    const compiled = compileGlob(pattern);
    if (!compiled.ok) {
      unread.push({index, reason: compiled.reason});
    } else if (compiled.expandedLength > budget) {
      unread.push({index, reason: `comes after ${MAX_SOURCE_CHARACTERS} characters of patterns, all the checker reads`});
    } else {
      budget -= compiled.expandedLength;
      matchers.push(compiled.matches);
    }
  });
  return {matchers, unread, count: patterns.length};
}

/**
 * Whether `file` (relative to the Towerfile's folder) would be packaged under these `source`
 * patterns: a pattern matches the file or one of the folders above it. With no patterns,
 * everything is packaged. Patterns the checker cannot read package nothing here.
 */
export function isPackaged(file: string, patterns: readonly string[] | SourcePatterns): boolean {
  const compiled = Array.isArray(patterns) ? compileSourcePatterns(patterns) : (patterns as SourcePatterns);
  if (compiled.count === 0) return true;
  const path = normaliseGlobPath(file);
  // Too long to be a real path: not checked, so not reported as unpackaged either.
  if (path.length > MAX_PATH_LENGTH) return true;
  return compiled.matchers.some((matches) => matches(path));
}

/** Dependency files the patterns would package, if they exist, in Tower's order of preference. */
export function packagedDependencyFiles(patterns: readonly string[] | SourcePatterns): DependencyFile[] {
  const compiled = Array.isArray(patterns) ? compileSourcePatterns(patterns) : (patterns as SourcePatterns);
  return DEPENDENCY_FILES.filter((file) => isPackaged(file, compiled));
}

/** Where an import path lands in the package: `modules/<last part of its path>`. */
export function importPathModule(importPath: string): string {
  const parts = importPath
    .trim()
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/);
  return `modules/${parts[parts.length - 1] || importPath}`;
}

/** Why Tower would refuse `script` as an entry point, or undefined when it is fine. */
export function scriptPathProblem(script: string): string | undefined {
  if (script.startsWith('/') || /^[A-Za-z]:[\\/]/.test(script)) return 'is an absolute path';
  if (script.split(/[\\/]/).includes('..')) return 'goes up out of the app folder with ".."';
  return undefined;
}

/** The command Tower starts the script with, by extension. */
export function scriptRunner(script: string): 'uv run' | 'bash' | undefined {
  if (/\.py$/.test(script)) return 'uv run';
  if (/\.sh$/.test(script)) return 'bash';
  return undefined;
}
