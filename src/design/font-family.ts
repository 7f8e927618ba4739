/** The family a text layer draws with when it names none (one of the built-in families: fonts/font-catalog.ts). */
export const DEFAULT_FONT_FAMILY = 'Inter';
