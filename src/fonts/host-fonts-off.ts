/**
 * Imported before @napi-rs/canvas: its module would otherwise register every font installed on the
 * host under its family name. Renders use shipped fonts only (the family list always ends in shipped
 * fonts that cover every claimed script; see font-resolver.ts).
 */
process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
