/**
 * The Towerfile checker page's rules (src/towerfile/check.ts) and the sample
 * checker's `tower` command check (lib/tower-cli.ts), answering for one
 * Towerfile or one command line at a time, with a link to the reference
 * entry of each key or command.
 */
import {checkTowerfile as checkTowerfileRules, type Severity, type TowerfileRules} from '../src/towerfile/check';
import {readTowerArgs, shellCommands, type CliIndex} from '../lib/tower-cli';

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
export type TowerfileReport = {valid: boolean; problems: TowerfileProblem[]; unlisted?: number};

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
  return {valid: checked.errors === 0, problems, ...(unlisted > 0 ? {unlisted} : {})};
}

export type CommandReport = {
  valid: boolean;
  commands: Array<{
    /** The command's words as the shell splits them. */
    words: string[];
    /** The command the words reach, e.g. `tower apps list` (a group when the next word is unknown). */
    command: string;
    problems: string[];
    reference: string;
  }>;
};

/** Splits a shell line as the sample checker does and checks every `tower` command in it. */
export function checkTowerCommand(line: string, cli: CliIndex, links: ReferenceLinks): CommandReport | {error: string} {
  const commands = shellCommands(line, 'bash').filter(({words}) => words[0] === 'tower');
  if (commands.length === 0) {
    return {error: 'The line has no `tower` command. Give a command line that starts with `tower`, for example: tower apps list'};
  }
  const checked = commands.map(({words}) => {
    const reading = readTowerArgs(words.slice(1), cli);
    const command = reading.command ? `tower ${reading.command.path}` : 'tower';
    return {
      words,
      command,
      problems: reading.problems,
      reference: links.cliSections.get(command) ?? links.cliPage,
    };
  });
  return {valid: checked.every((entry) => entry.problems.length === 0), commands: checked};
}
