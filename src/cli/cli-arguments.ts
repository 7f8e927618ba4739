export interface ParsedArguments {
  command: string | undefined;
  flags: Record<string, string | true>;
}

/** `cmd --a 1 --b=2 --flag` → { command: 'cmd', flags: { a: '1', b: '2', flag: true } }. */
export function parseArguments(argv: string[]): ParsedArguments {
  const [command, ...rest] = argv;
  const flags: Record<string, string | true> = {};
  for (let index = 0; index < rest.length; index++) {
    const token = rest[index];
    if (!token.startsWith('--')) throw new Error(`Unexpected argument "${token}"`);
    const [name, inline] = token.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) flags[name] = inline;
    else if (rest[index + 1] !== undefined && !rest[index + 1].startsWith('--')) flags[name] = rest[++index];
    else flags[name] = true;
  }
  return { command, flags };
}
