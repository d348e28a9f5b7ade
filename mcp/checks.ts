/**
 * The Towerfile checker page's rules (src/towerfile/check.ts) and the sample
 * checker's `tower` command check (lib/tower-cli.ts), answering for one
 * Towerfile or one command line at a time, with a link to the reference
 * entry of each key or command. A command line's answer also shows how it was
 * read (each flag with its value, each argument with the name it fills) and
 * warns where a flag means something else than in older CLI releases
 * (data/cli-changes.json).
 */
import {checkTowerfile as checkTowerfileRules, type Severity, type TowerfileRules} from '../src/towerfile/check';
import {readTowerArgs, shellCommands, type ArgumentReading, type CliIndex, type FlagReading} from '../lib/tower-cli';

/** Where the reference pages live and the URL of each of their sections, by heading text. */
export type ReferenceLinks = {
  towerfilePage: string;
  cliPage: string;
  cliSections: ReadonlyMap<string, string>;
};

export type TowerfileProblem = {
  /** `error`: Tower refuses the file; `warning`: Tower accepts it, but it will not do what was meant. */
  severity: Severity;
  /** Key path as the Towerfile reference names it: `app.name`, `parameters[1].hidden`; `` for the file itself. */
  key: string;
  /** 1-based line of the key (or of its closest enclosing key or table); null when it cannot be placed. */
  line: number | null;
  message: string;
  /** The reference entry that explains the key. */
  reference: string;
};

/**
 * `valid` is true when nothing is an error: warnings alone do not stop Tower. At most
 * PROBLEM_LIMIT problems are listed (errors first); `unlisted` counts the rest.
 */
export type TowerfileReport = {valid: boolean; problems: TowerfileProblem[]; unlisted?: number; errors: number; warnings: number};

/** The checker page's rules (src/towerfile/check.ts), with each problem linked to its reference entry. */
export function checkTowerfile(text: string, rules: TowerfileRules, links: ReferenceLinks): TowerfileReport {
  const checked = checkTowerfileRules(text, rules);
  const problems = checked.problems.map((problem) => ({
    severity: problem.severity,
    key: problem.keyPath,
    line: problem.line,
    message: problem.suggestion ? `${problem.message} Did you mean "${problem.suggestion}"?` : problem.message,
    reference: `${links.towerfilePage}#${problem.anchor}`,
  }));
  const unlisted = checked.errors + checked.warnings - problems.length;
  return {valid: checked.errors === 0, problems, ...(unlisted > 0 ? {unlisted} : {}), errors: checked.errors, warnings: checked.warnings};
}

/** data/cli-changes.json: flags whose meaning changed or that were removed, with the releases. */
export type CliChanges = {
  changed: Array<{command: string; flag: string; meant: string; meantValue?: string; until: string; means: string; since: string}>;
  removed: Array<{command: string; flags: string[]; from: string; until: string; why: string}>;
};

export type CommandReading = {
  /** The command's words as the shell splits them. */
  words: string[];
  /** The command the words reach, e.g. `tower apps list` (a group when the next word is unknown). */
  command: string;
  /** Each flag as written, the flag it names (null: unknown) and the value it took (null: a switch, or none given). */
  flags: FlagReading[];
  /** Each positional argument and the argument of the command it fills (null: one too many). */
  arguments: ArgumentReading[];
  /** Reasons the CLI would refuse the line. */
  problems: string[];
  /** The line runs, but maybe not as meant: a flag whose meaning changed across releases, and what follows from it. */
  warnings: string[];
  reference: string;
};

export type CommandReport = {valid: boolean; commands: CommandReading[]};

/**
 * What the CLI's history of changed and removed flags says about one command:
 * warnings for a flag that means something else now, and for a removed flag
 * the problem that replaces the unknown-flag one (with when it existed).
 */
function historyNotes(
  command: string,
  flags: FlagReading[],
  args: ArgumentReading[],
  words: string[],
  changes: CliChanges,
): {warnings: string[]; removed: Map<string, string>} {
  const warnings: string[] = [];
  const removed = new Map<string, string>();
  const path = command.replace(/^tower ?/, '');
  for (const change of changes.changed) {
    if (change.command !== path) continue;
    const at = flags.findIndex((flag) => flag.written === change.flag && flag.flag !== null);
    if (at < 0) continue;
    warnings.push(
      `${change.flag} means ${change.means} since tower-cli ${change.since}; up to ${change.until} it meant ${change.meant}. A line written for an older CLI does something else now.`,
    );
    // The word after the flag was its value under the old meaning: say what it has become.
    const next = words[words.indexOf(change.flag) + 1];
    const argument = change.meantValue ? args.find((entry) => entry.value === next) : undefined;
    if (argument && next !== undefined) {
      warnings.push(
        `"${next}" is read as the ${argument.name ? `argument <${argument.name}>` : 'extra argument'}, not as the ${change.meantValue} of ${change.meant}; for that, write ${change.meant} ${next}.`,
      );
    }
  }
  for (const removal of changes.removed) {
    if (removal.command !== path) continue;
    for (const flag of flags) {
      if (flag.flag !== null || !removal.flags.includes(flag.written)) continue;
      removed.set(
        flag.written,
        `flag ${flag.written} of "${command}" no longer exists: it was there from tower-cli ${removal.from} to ${removal.until}, and ${removal.why}`,
      );
    }
  }
  return {warnings, removed};
}

/** Splits a shell line as the sample checker does and checks every `tower` command in it. */
export function checkTowerCommand(line: string, cli: CliIndex, links: ReferenceLinks, changes: CliChanges): CommandReport | {error: string} {
  const commands = shellCommands(line, 'bash').filter(({words}) => words[0] === 'tower');
  if (commands.length === 0) {
    return {error: 'The line has no `tower` command. Give a command line that starts with `tower`, for example: tower apps list'};
  }
  const checked = commands.map(({words}): CommandReading => {
    const reading = readTowerArgs(words.slice(1), cli);
    const command = reading.command ? `tower ${reading.command.path}` : 'tower';
    const history = historyNotes(command, reading.flags, reading.arguments, words, changes);
    return {
      words,
      command,
      flags: reading.flags,
      arguments: reading.arguments,
      problems: reading.problems.map((problem) => history.removed.get(/^unknown flag (\S+)/.exec(problem)?.[1] ?? '') ?? problem),
      warnings: history.warnings,
      reference: links.cliSections.get(command) ?? links.cliPage,
    };
  });
  return {valid: checked.every((entry) => entry.problems.length === 0), commands: checked};
}

/** One line of how a command was read: `tower run; -d = --detached; <app_name> = ./my-app`. */
export function describeReading(entry: CommandReading): string {
  const flags = entry.flags.map((flag) => {
    const named = flag.flag === null ? `${flag.written} (unknown)` : flag.flag === flag.written ? flag.written : `${flag.written} = ${flag.flag}`;
    return flag.value === null ? named : `${named} ${JSON.stringify(flag.value)}`;
  });
  const args = entry.arguments.map((argument) => `${argument.name ? `<${argument.name}>` : 'extra argument'} = ${JSON.stringify(argument.value)}`);
  return [entry.command, ...flags, ...args].join('; ');
}
