/**
 * The site under test and one Chromium for the calling test file (or suite):
 * started before its tests, closed after them.
 */
import {after, before} from 'node:test';
import type {Browser} from 'playwright-core';
import {launchBrowser} from '../../../lib/browser';
import {siteUrl} from './server';

type Site = {browser: Browser; base: string};

export function useSite(): Site {
  const site = {} as Site;
  before(async () => {
    site.base = await siteUrl();
    site.browser = await launchBrowser();
  });
  after(() => site.browser?.close());
  return site;
}
