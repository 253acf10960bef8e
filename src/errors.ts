// Error classes: SkillsetError for environment and usage failures, InternalError for our own bugs.

/** An environment or usage failure (bad flag, unreadable config): the CLI prints one line and exits 2. */
export class SkillsetError extends Error {
  override readonly name = 'SkillsetError';
  /** A stable, kebab-case code such as `usage/unknown-skill`. */
  readonly code: string;
  /** A one-line suggestion printed under the message. */
  readonly hint: string | undefined;
  /** Structured facts behind the message (the closest names, say). */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: string,
    message: string,
    options: { cause?: unknown; hint?: string; data?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    this.data = options.data;
  }
}

/** A broken invariant inside skillset itself: always a bug worth reporting. */
export class InternalError extends Error {
  override readonly name = 'InternalError';
}
