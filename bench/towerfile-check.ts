/**
 * The Towerfile check on inputs a link or an MCP call can carry (figures, not assertions): a
 * valid `[app]` followed by 500, 2,000 and 5,000 unknown keys (the reliability review's N1 input),
 * 1,000 duplicate `[[parameters]]` blocks, and a `source` glob of 3,000 braces (N5). Each is the
 * median of --runs checks in this process after one unmeasured run, against parsing the same text
 * alone with the TOML parser (a floor no check can go under), so the ratio says what the checking
 * adds; the first, unmeasured run is printed too (what a reader's first check costs).
 *
 *   node --import tsx bench/towerfile-check.ts [--runs 5]
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'smol-toml';
import {checkTowerfile} from '../src/towerfile/check';
import {createTowerfileRules} from '../src/towerfile/rules-node';
import {REPO_ROOT} from '../lib/paths';
import {numberFlag} from './deps';

const APP = '[app]\nname = "bench"\nscript = "./main.py"\n';

/** The inputs, by label. */
export function benchInputs(): Record<string, string> {
  const unknownKeys = (n: number) => APP + Array.from({length: n}, (_, i) => `k${i} = 1`).join('\n');
  return {
    '500 unknown keys': unknownKeys(500),
    '2,000 unknown keys': unknownKeys(2000),
    '5,000 unknown keys': unknownKeys(5000),
    '1,000 duplicate [[parameters]]': APP + '\n[[parameters]]\nname = "SAME"\n'.repeat(1000),
    'source glob of 3,000 braces': `${APP}source = ["${'{a,b}'.repeat(3000)}"]\n`,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function timed(run: () => unknown): number {
  const started = performance.now();
  try {
    run();
  } catch {
    // A check that throws is timed as far as it got; the line below says so.
  }
  return performance.now() - started;
}

export async function runTowerfileCheckBench({runs = 5}: {runs?: number} = {}): Promise<void> {
  const rules = createTowerfileRules(JSON.parse(readFileSync(path.join(REPO_ROOT, 'data/towerfile.schema.json'), 'utf8')) as object);
  console.log(`\nTowerfile check (src/towerfile/check.ts, as the checker page and the MCP's check_towerfile run it), median of ${runs}`);
  for (const [label, text] of Object.entries(benchInputs())) {
    let outcome = '';
    const checks: number[] = [];
    const parses: number[] = [];
    for (let run = -1; run < runs; run++) {
      checks.push(
        timed(() => {
          try {
            const {problems} = checkTowerfile(text, rules);
            outcome = `${problems.length} problems listed`;
          } catch (error) {
            outcome = `threw ${(error as Error).name}`;
            throw error;
          }
        }),
      );
      parses.push(timed(() => parse(text)));
    }
    const first = checks.shift()!;
    parses.shift();
    const check = median(checks);
    const floor = median(parses);
    console.log(
      `  ${label} (${(text.length / 1024).toFixed(1)} KiB): ${check.toFixed(1)} ms (first run ${first.toFixed(1)} ms), ${(check / Math.max(floor, 0.01)).toFixed(1)}x parsing alone (${floor.toFixed(1)} ms); ${outcome}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void runTowerfileCheckBench({runs: numberFlag('--runs', 5)});
}
