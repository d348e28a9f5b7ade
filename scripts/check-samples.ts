/**
 * Checks the code samples of the docs and the agreement of the reference pages with their manifests.
 *
 *   node --import tsx scripts/check-samples.ts              # every .md/.mdx under docs/ (not docs/reference/api/)
 *   node --import tsx scripts/check-samples.ts docs/x.md    # only these files
 *
 * Prints `file:line: reason` for each problem and exits 1 if there is any; otherwise prints a
 * one-line summary and exits 0. The rules live in scripts/samples/.
 */
import path from 'node:path';
import {checkSamplesWithDiagrams} from './samples/check-all';
import {formatProblem} from './samples/types';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log('usage: node --import tsx scripts/check-samples.ts [file.md ...]');
    return 0;
  }
  // The repository root is the parent of this script's folder, wherever the command is run from.
  const root = path.resolve(path.dirname(process.argv[1]), '..');
  const files = argv.length > 0 ? argv.map((f) => path.resolve(f)) : undefined;

  let report;
  try {
    report = await checkSamplesWithDiagrams({root, files});
  } catch (err) {
    console.error(`check-samples: ${(err as Error).message}`);
    return 1;
  }

  const {problems, stats} = report;
  if (problems.length > 0) {
    for (const problem of problems) console.log(formatProblem(problem));
    console.error(`check-samples: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(
    `check-samples: ok - ${stats.files} files; ${stats.pythonParsed} python blocks compiled ` +
      `(${stats.pythonFragments} fragments skipped), ${stats.toml} TOML blocks parsed ` +
      `(${stats.towerfiles} Towerfiles validated), ${stats.towerCommands} tower commands checked, ` +
      `${stats.diagrams} diagrams rendered, ` +
      `${stats.referencePages} reference pages agree with their manifests; ${stats.pageApps} apps shown on pages checked; ` +
      `${stats.projects} example projects (${stats.projectApps} apps, ${stats.projectPythonFiles} python files, ${stats.projectYamlFiles} YAML files parsed, ` +
      `${stats.fixtureTests} fixture tests passed, ${stats.includes} files included by pages)`,
  );
  return 0;
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
