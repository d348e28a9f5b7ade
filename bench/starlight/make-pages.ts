/**
 * Writes the synthetic pages of the Starlight reference site (bench only, never
 * part of the product) into bench/starlight/.site/src/content/docs/: a home page and
 * 40 docs pages in five sections, shaped like the Tower docs pages (one title,
 * H2/H3 sections, fenced code in bash/python/toml/json/text, option and error
 * tables, links to sibling pages) and of similar size: 10-11 KB of Markdown
 * each (the Tower docs pages are mostly 9-16 KB), plus one 57 KB command
 * reference, the size of docs/reference/tower-cli.md. The text describes an imaginary job runner
 * called "Conveyor" so that nothing is copied from any real documentation.
 *
 * Deterministic: the same pages on every run (seeded generator).
 *
 *   node --import tsx bench/starlight/make-pages.ts [outDir]   # pages only
 *
 * bench/lighthouse.ts calls buildStarlight(): pages, then a cold `astro build`
 * (root bench/starlight/.site, output bench/starlight/dist).
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {BENCH_MODULES} from '../deps';

export const STARLIGHT_DIR = path.resolve(__dirname);
/** The Astro project (a dot-folder: see the comment in .site/astro.config.mjs). */
export const ASTRO_ROOT = path.join(STARLIGHT_DIR, '.site');
export const PAGES_DIR = path.join(ASTRO_ROOT, 'src', 'content', 'docs');
export const DIST_DIR = path.join(STARLIGHT_DIR, 'dist');
/** The typical page the Lighthouse bench measures (10 KB of Markdown; docs/concepts/runs.md has 12 KB). */
export const TYPICAL_PAGE = '/concepts/job-queues/';
/** The long page (about the size of docs/reference/tower-cli.md). */
export const LONG_PAGE = '/reference/command-line/';

/** Small seeded PRNG (mulberry32) so that every run writes identical pages. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Section = {dir: string; label: string; topics: string[]};

const SECTIONS: Section[] = [
  {
    dir: 'start',
    label: 'Getting started',
    topics: ['Install the client', 'First job', 'Project layout', 'Sign in', 'Local runner', 'Upgrade the client', 'Uninstall', 'Troubleshooting setup'],
  },
  {
    dir: 'concepts',
    label: 'Concepts',
    topics: ['Job queues', 'Workers', 'Artifacts', 'Namespaces', 'Retries', 'Triggers', 'Quotas', 'Audit trail'],
  },
  {
    dir: 'guides',
    label: 'Guides',
    topics: ['Schedule a nightly export', 'Pass inputs to a job', 'Fan out work', 'Store credentials', 'Stream job output', 'Cancel a stuck job', 'Promote a release', 'Share a project'],
  },
  {
    dir: 'examples',
    label: 'Examples',
    topics: ['CSV to warehouse', 'Weather poller', 'Image thumbnails', 'Slack digest', 'Feature backfill', 'Web scraper', 'Report mailer', 'Model scoring'],
  },
  {
    dir: 'reference',
    label: 'Reference',
    topics: ['Command line', 'Python client', 'Project file', 'HTTP interface', 'Environment variables', 'Exit codes', 'Limits', 'Glossary'],
  },
];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const NOUNS = ['job', 'worker', 'queue', 'artifact', 'namespace', 'trigger', 'release', 'input', 'credential', 'log stream', 'schedule', 'project file', 'runner', 'quota', 'token'];
const VERBS = ['starts', 'records', 'rejects', 'retries', 'stores', 'validates', 'publishes', 'waits for', 'lists', 'removes', 'locks', 'resolves'];
const QUALIFIERS = [
  'before the first attempt begins',
  'once the worker reports a heartbeat',
  'for every namespace you can read',
  'when the input file is larger than the upload limit',
  'only after the release has been promoted',
  'within the time budget set in the project file',
  'while the previous attempt is still draining its logs',
  'unless you pass the dry-run option',
  'in the order the triggers fired',
  'and keeps the result for thirty days',
];
const ADVICE = [
  'Keep inputs small and pass large data through artifacts instead.',
  'Name jobs after what they produce, not after the script that produces them.',
  'A failed attempt keeps its logs, so read them before you retry.',
  'Pin the runner image in the project file so that two runs behave the same way.',
  'Credentials never appear in logs: the client masks every value it injects.',
  'Use one namespace per team so that quotas and audit entries stay separate.',
  'The local runner uses the same project file, so test there before you publish.',
  'Exit codes above 100 are reserved for the runner itself.',
];

function sentence(rand: () => number, subject: string): string {
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  return `The ${subject} ${pick(VERBS)} each ${pick(NOUNS)} ${pick(QUALIFIERS)}.`;
}

function paragraph(rand: () => number, subject: string, count = 4): string {
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) lines.push(i === count - 1 ? pick(ADVICE) : sentence(rand, i % 2 ? pick(NOUNS) : subject));
  return lines.join(' ');
}

function bashBlock(rand: () => number, topic: string): string {
  const name = slug(topic);
  const commands = [
    `conveyor project init ${name}`,
    `conveyor job submit ${name} --input region=eu-west --input day=2024-05-01`,
    `conveyor job status ${name} --follow`,
    `conveyor logs ${name} --since 10m --level warn`,
    `conveyor artifact pull ${name}/report.parquet --to ./out/`,
  ];
  const count = 2 + Math.floor(rand() * 3);
  return ['```bash', `# ${topic}: from the project folder`, ...commands.slice(0, count), '```'].join('\n');
}

function pythonBlock(rand: () => number, topic: string): string {
  const name = slug(topic).replace(/-/g, '_');
  const attempts = 2 + Math.floor(rand() * 4);
  return [
    '```python',
    'import conveyor',
    '',
    '',
    `def run_${name}(day: str) -> dict:`,
    `    """Submit the ${topic.toLowerCase()} job for one day and wait for its result."""`,
    '    client = conveyor.Client.from_environment()',
    `    job = client.submit("${slug(topic)}", inputs={"day": day}, max_attempts=${attempts})`,
    '    result = job.wait(timeout=600)',
    '    if result.status != "succeeded":',
    '        raise RuntimeError(f"job {job.id} ended as {result.status}")',
    '    return {"job": job.id, "rows": result.outputs.get("rows", 0)}',
    '',
    '',
    'if __name__ == "__main__":',
    '    print(run_' + name + '("2024-05-01"))',
    '```',
  ].join('\n');
}

function tomlBlock(rand: () => number, topic: string): string {
  return [
    '```toml title="conveyor.toml"',
    '[project]',
    `name = "${slug(topic)}"`,
    `entry = "jobs/${slug(topic).replace(/-/g, '_')}.py"`,
    `runner = "python-3.${11 + Math.floor(rand() * 3)}"`,
    '',
    '[limits]',
    `timeout_seconds = ${300 * (1 + Math.floor(rand() * 6))}`,
    `max_attempts = ${1 + Math.floor(rand() * 4)}`,
    '',
    '[[inputs]]',
    'name = "day"',
    'required = true',
    '',
    '[[inputs]]',
    'name = "region"',
    'default = "eu-west"',
    '```',
  ].join('\n');
}

function jsonBlock(rand: () => number, topic: string): string {
  const id = Math.floor(rand() * 1e6);
  return [
    '```json',
    '{',
    `  "job": "${slug(topic)}",`,
    `  "id": "job_${id.toString(36)}",`,
    '  "status": "succeeded",',
    `  "attempts": ${1 + Math.floor(rand() * 3)},`,
    `  "duration_ms": ${Math.floor(rand() * 90000)},`,
    '  "outputs": {"rows": 18240, "artifact": "report.parquet"}',
    '}',
    '```',
  ].join('\n');
}

function textBlock(rand: () => number, topic: string): string {
  const lines = ['```text'];
  for (let i = 0; i < 6; i += 1) {
    const second = String(10 + i * 7).padStart(2, '0');
    lines.push(`12:04:${second}  ${slug(topic)}  attempt ${1 + (i > 3 ? 1 : 0)}  ${sentence(rand, 'runner').toLowerCase().slice(0, -1)}`);
  }
  lines.push('```');
  return lines.join('\n');
}

function optionsTable(rand: () => number, rows = 8): string {
  const keys = ['timeout_seconds', 'max_attempts', 'runner', 'namespace', 'entry', 'inputs', 'retry_delay', 'log_level', 'artifacts_dir', 'concurrency', 'labels', 'notify'];
  const types = ['integer', 'string', 'boolean', 'list of strings', 'table', 'duration'];
  const lines = ['| Key | Type | Default | What it does |', '| --- | --- | --- | --- |'];
  for (let i = 0; i < rows; i += 1) {
    const key = keys[(i + Math.floor(rand() * keys.length)) % keys.length];
    lines.push(`| \`${key}\` | ${types[Math.floor(rand() * types.length)]} | ${rand() > 0.5 ? 'none' : `\`${Math.floor(rand() * 600)}\``} | ${sentence(rand, 'setting')} |`);
  }
  return lines.join('\n');
}

function errorsTable(rand: () => number): string {
  const errors = ['E_INPUT_MISSING', 'E_QUOTA', 'E_TIMEOUT', 'E_AUTH', 'E_NOT_FOUND', 'E_CONFLICT'];
  const lines = ['| Error | Meaning | What to do |', '| --- | --- | --- |'];
  for (const error of errors) lines.push(`| \`${error}\` | ${sentence(rand, 'server').slice(0, -1)} | ${ADVICE[Math.floor(rand() * ADVICE.length)]} |`);
  return lines.join('\n');
}

type Page = {file: string; route: string; title: string; body: string};

function docsPage(section: Section, topic: string, index: number, siblings: Page[]): Page {
  const rand = prng(index * 7919 + 17);
  const subject = NOUNS[index % NOUNS.length];
  const parts: string[] = [];
  parts.push(paragraph(rand, subject, 3));
  parts.push(':::note\n' + ADVICE[index % ADVICE.length] + '\n:::');
  parts.push('## Before you begin', ['- A Conveyor account and a namespace you can write to.', '- The `conveyor` client on your path (version 2 or later).', `- A project folder with a \`conveyor.toml\` for ${topic.toLowerCase()}.`].join('\n'));
  parts.push('## How it works', paragraph(rand, subject, 5), paragraph(rand, 'runner', 4));
  parts.push('## Steps');
  const steps = ['Prepare the project', 'Submit the job', 'Watch the attempt', 'Collect the result'];
  steps.forEach((step, i) => {
    parts.push(`### ${i + 1}. ${step}`, paragraph(rand, subject, 3), i % 2 === 0 ? bashBlock(rand, topic) : pythonBlock(rand, topic));
  });
  parts.push('## Patterns');
  for (const pattern of ['Run it on a schedule', 'Run it from another job']) {
    parts.push(`### ${pattern}`, paragraph(rand, subject, 4), paragraph(rand, 'trigger', 3), pattern.endsWith('schedule') ? bashBlock(rand, topic) : pythonBlock(rand, topic));
  }
  parts.push('## Configuration', paragraph(rand, 'project file', 3), optionsTable(rand, 8 + (index % 4)), tomlBlock(rand, topic));
  parts.push('## What you get back', paragraph(rand, 'client', 3), jsonBlock(rand, topic), textBlock(rand, topic));
  parts.push('## Errors', paragraph(rand, 'server', 2), errorsTable(rand));
  parts.push('## Limits and caveats', paragraph(rand, subject, 4), ':::caution\n' + sentence(rand, 'runner') + '\n:::');
  const next = siblings.filter((page) => page.title !== topic).slice(0, 3);
  parts.push('## Next steps', next.map((page) => `- [${page.title}](${page.route}): ${sentence(rand, 'guide').toLowerCase()}`).join('\n'));
  return {
    file: path.join(section.dir, `${slug(topic)}.md`),
    route: `/${section.dir}/${slug(topic)}/`,
    title: topic,
    body: parts.join('\n\n'),
  };
}

/** A long command reference: one H2 per command group, one H3 per command, as in docs/reference/tower-cli.md. */
function commandReference(): string {
  const rand = prng(4242);
  const groups = ['project', 'job', 'logs', 'artifact', 'namespace', 'secret', 'schedule', 'release', 'token', 'runner'];
  const actions = ['list', 'show', 'create', 'update', 'delete', 'watch'];
  const parts: string[] = [paragraph(rand, 'client', 4)];
  for (const group of groups) {
    parts.push(`## \`conveyor ${group}\``, paragraph(rand, group, 3));
    for (const action of actions) {
      parts.push(`### \`conveyor ${group} ${action}\``, paragraph(rand, group, 2));
      parts.push(['```bash', `conveyor ${group} ${action} --namespace analytics`, '```'].join('\n'));
      const flags = ['| Flag | Type | Default | Description |', '| --- | --- | --- | --- |'];
      for (let i = 0; i < 4; i += 1) flags.push(`| \`--${['namespace', 'output', 'limit', 'yes', 'since', 'label'][(i + groups.indexOf(group)) % 6]}\` | ${['string', 'integer', 'flag'][i % 3]} | none | ${sentence(rand, 'flag')} |`);
      parts.push(flags.join('\n'));
      if (action === 'list' || action === 'show') parts.push(textBlock(rand, `${group} ${action}`));
    }
  }
  return parts.join('\n\n');
}

function frontMatter(title: string, description: string, order: number): string {
  return ['---', `title: ${JSON.stringify(title)}`, `description: ${JSON.stringify(description)}`, 'sidebar:', `  order: ${order}`, '---', ''].join('\n');
}

export function writePages(outDir = PAGES_DIR): {pages: number; bytes: number} {
  rmSync(outDir, {recursive: true, force: true});
  let bytes = 0;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(outDir, file)), {recursive: true});
    writeFileSync(path.join(outDir, file), text);
    bytes += Buffer.byteLength(text);
  };
  let count = 0;
  SECTIONS.forEach((section, s) => {
    const skeleton: Page[] = section.topics.map((topic) => ({file: '', route: `/${section.dir}/${slug(topic)}/`, title: topic, body: ''}));
    section.topics.forEach((topic, t) => {
      const order = t + 1;
      const description = `${topic} in Conveyor: what it does, the steps, the settings and the errors you may see.`;
      if (section.dir === 'reference' && topic === 'Command line') {
        write(path.join(section.dir, `${slug(topic)}.md`), frontMatter(topic, 'Every conveyor command with its flags and output.', order) + '\n' + commandReference() + '\n');
      } else {
        const page = docsPage(section, topic, s * 10 + t, skeleton);
        write(page.file, frontMatter(topic, description, order) + '\n' + page.body + '\n');
      }
      count += 1;
    });
  });
  const home = [
    'Conveyor runs Python jobs on managed workers. These pages are synthetic: they exist only to give',
    'the Tower docs benchmark a Starlight site of the same shape and size as the real docs.',
    '',
    ...SECTIONS.map((section) => `- [${section.label}](/${section.dir}/${slug(section.topics[0])}/)`),
  ].join('\n');
  write('404.md', ['---', 'title: "Page not found"', 'template: splash', 'editUrl: false', '---', '', 'No Conveyor page lives at this address. Start again from the [home page](/).', ''].join('\n'));
  write('index.md', frontMatter('Conveyor documentation', 'Synthetic reference site for the Tower docs benchmark.', 0) + '\n' + home + '\n');
  return {pages: count + 1, bytes};
}

/** Read by astro.config.mjs: one sidebar group per section, filled from the folder. */
export const SIDEBAR_FILE = path.join(ASTRO_ROOT, 'sidebar.generated.json');

export function writeSidebar(file = SIDEBAR_FILE): void {
  const sidebar = SECTIONS.map((section) => ({label: section.label, autogenerate: {directory: section.dir}}));
  writeFileSync(file, JSON.stringify(sidebar, null, 2) + '\n');
}

/** Writes the pages and runs a cold `astro build` into bench/starlight/dist; returns the build's seconds. */
export function buildStarlight(): number {
  writePages();
  writeSidebar();
  for (const dir of [DIST_DIR, path.join(ASTRO_ROOT, '.astro'), path.join(ASTRO_ROOT, 'node_modules')]) {
    rmSync(dir, {recursive: true, force: true});
  }
  const started = process.hrtime.bigint();
  const result = spawnSync(path.join(BENCH_MODULES, '.bin', 'astro'), ['build', '--root', ASTRO_ROOT], {
    cwd: STARLIGHT_DIR,
    env: {...process.env, ASTRO_TELEMETRY_DISABLED: '1'},
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('astro build of the Starlight reference site failed');
  return Number(process.hrtime.bigint() - started) / 1e9;
}

if (require.main === module) {
  const out = path.resolve(process.argv[2] ?? PAGES_DIR);
  const {pages, bytes} = writePages(out);
  writeSidebar();
  console.log(`Wrote ${pages} synthetic pages (${(bytes / 1024).toFixed(0)} KiB of Markdown) to ${out}`);
}
