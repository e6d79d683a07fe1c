// The colour schemes every element offers through its `theme` attribute (see tokens.styles.ts).

/**
 * `auto` follows the system (light, dark, and a stronger palette under `prefers-contrast: more`);
 * `light` and `dark` force a scheme (still strengthened under `prefers-contrast: more`);
 * `high-contrast` is the strongest palette (7:1 or more), dark when the system prefers dark.
 * Under `forced-colors: active` (Windows contrast themes) every theme uses the system's colours.
 */
export type PayTheme = 'auto' | 'light' | 'dark' | 'high-contrast';

/** Every value of `PayTheme`. */
export const payThemes: readonly PayTheme[] = ['auto', 'light', 'dark', 'high-contrast'];
