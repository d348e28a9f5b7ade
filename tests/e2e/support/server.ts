/**
 * The base URL of the built site under test. The test command starts one
 * nginx for the whole suite and passes BASE_URL; a single file run on its own
 * starts (and stops) its own server.
 */
import {after} from 'node:test';
import {startNginx, type RunningServer} from '../../../scripts/serve-nginx';

let pending: Promise<RunningServer> | undefined;

// Registered at load time: a hook added from inside another hook is not run.
after(async () => {
  if (pending) await (await pending).stop();
});

export function siteUrl(): Promise<string> {
  if (process.env.BASE_URL) return Promise.resolve(process.env.BASE_URL.replace(/\/$/, ''));
  pending ??= startNginx();
  return pending.then((server) => server.url);
}
