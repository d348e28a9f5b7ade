/**
 * Renders the nginx configuration for a built site: the shared rules from
 * deploy/nginx plus a csp.conf whose script hashes match the inline scripts
 * Docusaurus wrote into the HTML. Used by the test server and by deployers:
 *
 *   node --import tsx scripts/nginx-conf.ts --build build --out /etc/nginx [--csp-report-uri URL]
 *
 * writes /etc/nginx/tower-docs/. With the ALGOLIA_* variables of an Algolia
 * build set, the CSP allows that application's hosts; --csp-report-uri (off by
 * default) makes browsers report CSP violations to URL.
 */
import {createHash} from 'node:crypto';
import {copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {htmlFiles} from '../lib/files';
import {REPO_ROOT} from '../lib/paths';
import {algoliaFromEnv, type AlgoliaSettings} from '../lib/algolia-env';

const NGINX_SOURCE = path.join(REPO_ROOT, 'deploy', 'nginx');

export type CspOptions = {
  /** Extra origins the search client may contact (Algolia mode). */
  searchOrigins?: string[];
  /** Where browsers send CSP violation reports: an https URL or a path on this site. None by default. */
  reportUri?: string;
};

/** The name the CSP's report-to directive and the Reporting-Endpoints header share. */
const REPORT_GROUP = 'csp';

/**
 * A report endpoint goes verbatim into an nginx string and a CSP directive:
 * whitespace, quotes, commas or semicolons would end either early, and nginx
 * reads a dollar sign as a variable.
 */
export function checkReportUri(uri: string): string {
  const sameSite = /^\/(?![/\\])/.test(uri);
  let https = false;
  try {
    https = new URL(uri).protocol === 'https:';
  } catch {
    // not an absolute URL
  }
  if ((!sameSite && !https) || /[\s"'`;,$\\]|[^\x21-\x7e]/.test(uri)) {
    throw new Error(
      `CSP report URI ${JSON.stringify(uri)}: give an https:// URL or a path on this site (/csp-reports), ` +
        'without spaces, quotes, commas, semicolons, dollar signs or backslashes.',
    );
  }
  return uri;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * Data blocks such as `<script type="application/ld+json">` (one per docs page, for the
 * breadcrumbs) are never executed, so script-src does not apply to them; hashing them
 * would add one hash per page and overflow nginx's parameter limit.
 */
function isDataBlock(attributes: string): boolean {
  const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type !== undefined && type !== 'module' && !type.includes('javascript') && !type.includes('ecmascript');
}

/** sha256 sources for every distinct inline script in the given HTML documents. */
export function inlineScriptHashes(htmlDocuments: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of htmlDocuments) {
    for (const match of html.matchAll(INLINE_SCRIPT)) {
      const body = match[2];
      if (body.trim() === '' || isDataBlock(match[1])) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

export function contentSecurityPolicy(htmlDocuments: string[], options: CspOptions = {}): string {
  const search = options.searchOrigins ?? [];
  // A fetch directive left out (manifest-src, worker-src, ...) falls back to default-src.
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(htmlDocuments)],
    // React writes style attributes (collapsible sidebar heights, code blocks).
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...search],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'mailto:'],
    'frame-ancestors': ["'none'"],
  };
  if (options.reportUri) {
    // report-uri for browsers without the Reporting API; the others use report-to and ignore it.
    directives['report-uri'] = [checkReportUri(options.reportUri)];
    directives['report-to'] = [REPORT_GROUP];
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Debian's libnginx-mod-http-brotli-static; NGINX_BROTLI_MODULE points elsewhere. */
export const BROTLI_MODULE = process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export function brotliAvailable(): boolean {
  return existsSync(BROTLI_MODULE);
}

/** Writes tower-docs/{site,limits,security-headers,csp,brotli}.conf under `outDir`. */
export function writeNginxConf(buildDir: string, outDir: string, options: CspOptions = {}): string {
  const target = path.join(outDir, 'tower-docs');
  mkdirSync(target, {recursive: true});
  for (const file of ['site.conf', 'limits.conf', 'security-headers.conf']) {
    copyFileSync(path.join(NGINX_SOURCE, file), path.join(target, file));
  }
  const html = htmlFiles(buildDir).map((file) => readFileSync(file, 'utf8'));
  if (html.length === 0) {
    throw new Error(`No HTML files under ${buildDir}: run the production build first.`);
  }
  const csp = contentSecurityPolicy(html, options);
  writeFileSync(
    path.join(target, 'csp.conf'),
    `# Generated by scripts/nginx-conf.ts from the built HTML; do not edit.\n` +
      `add_header Content-Security-Policy "${csp}" always;\n` +
      (options.reportUri ? `add_header Reporting-Endpoints '${REPORT_GROUP}="${options.reportUri}"' always;\n` : ''),
  );
  writeFileSync(
    path.join(target, 'brotli.conf'),
    `# Generated by scripts/nginx-conf.ts; do not edit.\n` +
      (brotliAvailable()
        ? `# Needs ${BROTLI_MODULE} loaded (Debian enables it in modules-enabled/).\nbrotli_static on;\n`
        : `# ${BROTLI_MODULE} is not installed: gzip only (apt-get install libnginx-mod-http-brotli-static).\n`),
  );
  return target;
}

/**
 * The hosts DocSearch contacts for this application, and no other
 * application's: its search host, its main host (Ask AI's agent), and the
 * three fallback hosts the client retries on. Ask AI's chat host only with an
 * assistant. Wildcards would let a page reach any Algolia customer's app.
 */
export function algoliaOrigins(algolia: AlgoliaSettings | null): string[] {
  if (!algolia) return [];
  const appId = algolia.appId;
  // Algolia application ids are letters and digits; anything else would end up inside the CSP.
  if (!/^[A-Za-z0-9]+$/.test(appId)) {
    throw new Error(`ALGOLIA_APP_ID ${JSON.stringify(appId)} is not an Algolia application id (letters and digits only).`);
  }
  const origins = [
    `https://${appId}-dsn.algolia.net`,
    `https://${appId}.algolia.net`,
    `https://${appId}-1.algolianet.com`,
    `https://${appId}-2.algolianet.com`,
    `https://${appId}-3.algolianet.com`,
  ];
  if (algolia.assistantId) origins.push('https://askai.algolia.com');
  return origins;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const value = (flag: string, fallback: string) => {
    const index = args.indexOf(flag);
    return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
  };
  const buildDir = path.resolve(value('--build', path.join(REPO_ROOT, 'build')));
  const outDir = path.resolve(value('--out', path.join(REPO_ROOT, 'build-nginx')));
  const reportUri = value('--csp-report-uri', '') || undefined;
  // The same settings docusaurus.config.ts reads, so the CSP matches the build.
  const written = writeNginxConf(buildDir, outDir, {searchOrigins: algoliaOrigins(algoliaFromEnv()), reportUri});
  console.log(`nginx configuration written to ${written}`);
}
