/**
 * The code blocks' copy and wrap buttons, for the whole site: one click
 * listener on the document (src/theme/CodeBlock/actions.ts), installed as soon
 * as the bundle runs, so a button works before and without hydration.
 */
import {installCodeActions} from '@site/src/theme/CodeBlock/actions';

if (typeof window !== 'undefined') installCodeActions();
