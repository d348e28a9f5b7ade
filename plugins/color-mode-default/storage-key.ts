/**
 * The localStorage key that records a reader's choice of "system", read by the
 * inline script (index.ts) and written by the toggle (theme/ColorModeToggle).
 */
export const FOLLOW_SYSTEM_KEY = 'tower.colorMode.followSystem';
