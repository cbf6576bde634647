/** A setting the server can not start with; its message says what to do, and is shown without a stack. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
