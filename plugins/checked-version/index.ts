/**
 * A remark plugin for the docs: the reference pages whose samples the build checks say so, with
 * the tower-cli version they were checked against. The version is the CLI manifest's `cliVersion`
 * (data/cli-manifest.json), the data the sample checker itself uses, so the sentence is written by
 * the build and never typed into the Markdown. A missing or versionless manifest fails the build.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {CHECKED_REFERENCE_PAGES, CLI_MANIFEST_FILE} from '../../src/constants';
import type {MdastNode} from '../reader-tools';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `cliVersion` of the CLI manifest. */
export function checkedCliVersion(manifestFile = path.join(REPO, CLI_MANIFEST_FILE)): string {
  let version: unknown;
  try {
    version = (JSON.parse(readFileSync(manifestFile, 'utf8')) as {cliVersion?: unknown}).cliVersion;
  } catch (error) {
    throw new Error(`${CLI_MANIFEST_FILE}: cannot read the CLI manifest (${(error as Error).message})`);
  }
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error(`${CLI_MANIFEST_FILE}: "cliVersion" must be a version such as 0.3.70`);
  }
  return version;
}

/** The sentence the checked pages carry (the three reference pages and the API pages with a CLI or SDK sample). */
export function checkedVersionSentence(version = checkedCliVersion()): string {
  return `The samples on this page are checked against tower-cli ${version} every time the site is built.`;
}

export function isCheckedReferencePage(file: string | undefined): boolean {
  if (!file) return false;
  const posix = file.split(path.sep).join('/');
  return Object.values(CHECKED_REFERENCE_PAGES).some((page) => posix === page || posix.endsWith(`/${page}`));
}

/** The page's H1: a heading of depth 1, or the `<header>` Docusaurus wraps it in before this plugin runs. */
function isTitle(node: MdastNode): boolean {
  const isH1 = (n: MdastNode) => n.type === 'heading' && (n as {depth?: number}).depth === 1;
  return isH1(node) || (node.type === 'mdxJsxFlowElement' && node.name === 'header' && (node.children ?? []).some(isH1));
}

/** The sentence, as an emphasised paragraph right after the page's H1 (or first, without one). */
export function insertCheckedVersion(tree: MdastNode, version: string): void {
  const note: MdastNode = {
    type: 'paragraph',
    children: [{type: 'emphasis', children: [{type: 'text', value: checkedVersionSentence(version)}]}],
  };
  const children = tree.children ?? [];
  children.splice(children.findIndex(isTitle) + 1, 0, note);
  tree.children = children;
}

type VFileLike = {path?: string; history?: string[]};

export default function remarkCheckedVersion() {
  const version = checkedCliVersion();
  return (tree: MdastNode, file: VFileLike) => {
    if (isCheckedReferencePage(file.path ?? file.history?.at(-1))) insertCheckedVersion(tree, version);
  };
}
