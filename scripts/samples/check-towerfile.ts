/**
 * TOML code blocks must parse (smol-toml). A TOML block titled "Towerfile" (title="Towerfile", a
 * title ending in /Towerfile, or the bare word towerfile in the metastring) must also pass the
 * Towerfile checker of src/towerfile/check.ts, the same rules the Towerfile checker page applies:
 * data/towerfile.schema.json plus Tower's own rules. Errors and warnings both fail the build, each
 * reported with its key path on the line of the offending key where it can be found.
 */
import {checkTowerfile, parseToml, type TowerfileProblem, type TowerfileRules} from '../../src/towerfile/check';
import type {CodeBlock} from './extract-blocks';
import type {BlockProblem} from './types';

export const TOML_LANGS: ReadonlySet<string> = new Set(['toml']);

export function isTowerfileBlock(block: CodeBlock): boolean {
  if (!TOML_LANGS.has(block.lang)) return false;
  const title = block.attributes.get('title');
  if (typeof title === 'string' && /(^|\/)Towerfile$/.test(title.trim())) return true;
  for (const [key, value] of block.attributes) {
    if (value === true && key.toLowerCase() === 'towerfile') return true;
  }
  return false;
}

export {locateTomlPath} from '../../src/towerfile/locate';
export type {TowerfileRules};

/** One problem of a Towerfile block as the sample checker prints it. */
export function formatTowerfileProblem(problem: TowerfileProblem): string {
  const where = problem.keyPath === '' ? 'Towerfile' : `Towerfile ${problem.keyPath}`;
  const hint = problem.suggestion ? ` (did you mean "${problem.suggestion}"?)` : '';
  return `${where}: ${problem.message}${hint}`;
}

export interface TomlCheckResult {
  problems: BlockProblem[];
  /** TOML blocks parsed. */
  toml: number;
  /** Of those, blocks validated as Towerfiles. */
  towerfiles: number;
}

/**
 * Parses every TOML block and checks the Towerfile ones. With `rules` null (schema missing or
 * broken) Towerfiles are only parsed; the caller reports why.
 */
export function checkTomlBlocks(blocks: CodeBlock[], rules: TowerfileRules | null): TomlCheckResult {
  const problems: BlockProblem[] = [];
  let toml = 0;
  let towerfiles = 0;
  for (const block of blocks) {
    if (!TOML_LANGS.has(block.lang)) continue;
    toml++;
    const parsed = parseToml(block.code);
    if (!parsed.ok) {
      const line = parsed.line === null ? block.line : block.line + parsed.line;
      problems.push({line, message: `TOML does not parse: ${parsed.message}`});
      continue;
    }
    if (!isTowerfileBlock(block)) continue;
    towerfiles++;
    if (!rules) continue;
    for (const problem of checkTowerfile(block.code, rules).problems) {
      problems.push({line: problem.line === null ? block.line : block.line + problem.line, message: formatTowerfileProblem(problem)});
    }
  }
  return {problems, toml, towerfiles};
}
