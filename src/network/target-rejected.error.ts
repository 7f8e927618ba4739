/** `invalid`: not a usable http(s) URL or unresolvable. `forbidden`: reaches somewhere it must not. */
export class TargetRejectedError extends Error {
  constructor(
    readonly kind: 'invalid' | 'forbidden',
    message: string,
  ) {
    super(message);
  }
}
