/**
 * What `tower deploy` puts into a package, worked out from the Towerfile alone (the checker cannot
 * see the reader's folder). Tower walks the app folder with `source` globs; a pattern that matches a
 * folder brings in everything below it, and a few files are never packaged (tower-cli 0.3.70).
 */
import picomatch from 'picomatch/posix';

/** Files and folders Tower leaves out whatever `source` says. */
export const NEVER_PACKAGED = ['*.pyc files', '__pycache__/', '.git/', '.venv/', '.gitignore files', 'the Towerfile itself (stored separately)'];

/** Dependency files in the order Tower prefers them: `uv sync` for the first, `uv pip install -r` for the second. */
export const DEPENDENCY_FILES = ['pyproject.toml', 'requirements.txt'] as const;
export type DependencyFile = (typeof DEPENDENCY_FILES)[number];

/** `./main.py` and `main.py` name the same file; Tower ignores a leading `./`. */
function normalisePath(path: string): string {
  return path
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

/**
 * Whether `file` (relative to the Towerfile's folder) would be packaged under these `source`
 * patterns: a pattern matches the file or one of the folders above it. With no patterns,
 * everything is packaged.
 */
export function isPackaged(file: string, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  const path = normalisePath(file);
  const candidates = path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  return patterns.some((pattern) => {
    const matches = picomatch(normalisePath(pattern), {dot: true});
    return candidates.some((candidate) => matches(candidate));
  });
}

/** Dependency files the patterns would package, if they exist, in Tower's order of preference. */
export function packagedDependencyFiles(patterns: readonly string[]): DependencyFile[] {
  return DEPENDENCY_FILES.filter((file) => isPackaged(file, patterns));
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
