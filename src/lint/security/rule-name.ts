// A security rule as a person names it on the command line or in a config: in full, or without its
// `security/` prefix.

/** The rule's full code: `pipe-to-shell` is `security/pipe-to-shell`; a code with a `/` is kept. */
export const securityRule = (name: string): string =>
  name.includes('/') ? name : `security/${name}`;
