import { ConfigError } from './config-error';

export const MIN_ORGANIZER_KEY_LENGTH = 32;

/**
 * Words that mark a key copied from an example rather than made (compared in lower case, letters and digits only).
 * All are 7 letters or more, so that a random key contains one by chance less than once in a billion.
 */
const PLACEHOLDER_WORDS = ['changeme', 'replaceme', 'placeholder', 'yourkey', 'organizerkey', 'password', 'example', 'setitin'];
/** A random key of 32 characters has far more (base64: ~25, hex: ~14); `aaaa…` or `abab…` is not a key. */
const MIN_DISTINCT_CHARACTERS = 8;

export const HOW_TO_MAKE_A_KEY = `Make one with \`openssl rand -base64 32\` or \`node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"\``;

/** Why `key` is not fit to be the organizer key, or null when it is. The key itself is never part of the answer. */
export const organizerKeyProblem = (key: string): string | null => {
  if (key.length < MIN_ORGANIZER_KEY_LENGTH) return `is too short (${key.length} characters; at least ${MIN_ORGANIZER_KEY_LENGTH} are needed)`;
  const letters = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PLACEHOLDER_WORDS.some((word) => letters.includes(word))) return 'is a placeholder, not a secret';
  if (new Set(key).size < MIN_DISTINCT_CHARACTERS) return `repeats too few characters (${new Set(key).size} different) to be a random key`;
  return null;
};

/** The key, or a ConfigError naming where it came from (`source`), why it is refused and how to make a good one. */
export const checkOrganizerKey = (key: string, source: string, remedy: string): string => {
  const problem = organizerKeyProblem(key);
  if (problem === null) return key;
  throw new ConfigError(`The organizer key in ${source} ${problem}: it guards every hidden card. ${HOW_TO_MAKE_A_KEY}, then ${remedy}.`);
};
