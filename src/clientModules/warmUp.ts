/**
 * Starts the browser's internationalisation data (ICU) in tasks of their own,
 * before hydration needs it. The first String#localeCompare of a page (the
 * theme sorts the phone menu's props with it while hydrating) and the first
 * Intl.DateTimeFormat (the schedule explainer's time zone) each cost 8 to 30 ms
 * of one-off set-up, four times that on a throttled phone, inside whichever
 * task needs them first: here they run, one short task each, while the
 * browser still waits for the page's chunks.
 */
import {ISLAND_KINDS} from '@site/src/components/Island/kinds';

const CRON_EXPLAINER = ISLAND_KINDS.find((kind) => kind.name === 'cron-explainer')!.selector;

const WARM_UPS: (() => void)[] = [
  () => 'a'.localeCompare('b'),
  () => {
    // Only pages with the schedule explainer format dates.
    if (document.querySelector(CRON_EXPLAINER)) new Intl.DateTimeFormat().resolvedOptions();
  },
];

if (typeof window !== 'undefined') {
  for (const warmUp of WARM_UPS) window.setTimeout(warmUp, 0);
}
