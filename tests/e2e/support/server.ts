/**
 * The base URL of the built site under test. The test command starts one
 * nginx for the whole suite and passes BASE_URL; a single file run on its own
 * starts (and stops) its own server.
 */
import {after} from 'node:test';
import {startNginx} from '../../../scripts/serve-nginx';

let pending: Promise<string> | undefined;

export function siteUrl(): Promise<string> {
  if (process.env.BASE_URL) return Promise.resolve(process.env.BASE_URL.replace(/\/$/, ''));
  pending ??= startNginx().then((server) => {
    after(() => server.stop());
    return server.url;
  });
  return pending;
}
