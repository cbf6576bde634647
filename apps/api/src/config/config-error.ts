/**
 * A setting the server can not start with; its message says what to do, and is shown without a
 * stack (a string `code`, as startup failure reports expect of errors an operator can fix).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
}
