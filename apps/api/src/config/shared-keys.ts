import { ConfigError } from './config-error';
import { HOW_TO_MAKE_A_KEY } from './organizer-key';

const HOW = {
  MATCHLOG_ORGANIZER_KEY: HOW_TO_MAKE_A_KEY.replace(/^Make one/, 'make the organizer key'),
  MATCHLOG_SIGNING_KEY_FILE: 'make the signing key file with `openssl genpkey -algorithm ed25519 -out signing-key.pem`',
};

/**
 * Any store but the embedded SQLite may be shared by several instances (a cluster): each must be
 * given the same organizer and signing keys, never generate keys of its own into its data directory.
 * `given`: the settings to check, with their values (unset: undefined or '').
 */
export const requireSharedKeys = (store: string, given: Partial<Record<keyof typeof HOW, string>>): void => {
  if (store === 'sqlite') return;
  const missing = (Object.keys(given) as (keyof typeof HOW)[]).filter((name) => !given[name]);
  if (missing.length === 0) return;
  throw new ConfigError(
    `MATCHLOG_STORE=${store} can be shared by several instances, and they must all hold the same keys: set ${missing.join(' and ')} ` +
      `(the same for every instance) instead of having this instance generate its own into its data directory. ${missing.map((name) => HOW[name]).join('; ')}.`,
  );
};
