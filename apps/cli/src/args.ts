/** `matchlog <command> <file> [--as AUDIENCE] [--at N] [--json] [--lang es]`, parsed; errors name the bad argument. */
export interface CliArgs {
  readonly command: string;
  readonly file: string;
  readonly as?: string;
  readonly at?: number;
  readonly json: boolean;
  readonly language: 'en' | 'es';
  /** verify: pin the signing key (a JWKS, a JWK or a PEM public key) */
  readonly key?: string;
  /** verify: a receipt the log must extend */
  readonly receipt?: string;
  /** verify: accept a log without a signed head, reported as unsigned */
  readonly allowUnsigned: boolean;
}

export class UsageError extends Error {}

export const USAGE = `usage: matchlog <command> <file.jsonl> [options]

commands:
  audit <file>                     rule findings, shuffle commitments and the self-audit; exit 1 on any violation
  verify <file> [--key jwks.json] [--receipt r.json] [--allow-unsigned]
                                   re-check the hash chain and the signed head; exit 1 if any event was
                                   changed, removed, reordered or cut off, or the head's signature fails
  replay <file> --as AUDIENCE      print what AUDIENCE (a player id, public or judge) saw, at --at N (default: the end)
  knowledge <file> [--at N]        who knew which card, and which part of each deck was still random

options:
  --json        machine-readable output
  --lang es     messages in Spanish (audit, verify)
  --key FILE    verify: the server's signing key to pin (its /.well-known/jwks.json, or a PEM public key)
  --receipt FILE  verify: a receipt (GET /matches/:id/receipt) the log must extend
  --allow-unsigned  verify: accept a log without a signed head, reported as unsigned`;

export const parseArgs = (argv: readonly string[]): CliArgs => {
  const [command, file, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') throw new UsageError(USAGE);
  if (!['audit', 'verify', 'replay', 'knowledge'].includes(command)) throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  if (!file) throw new UsageError(`matchlog ${command} needs a file: matchlog ${command} <file.jsonl>`);
  const options: { as?: string; at?: number; json: boolean; language: 'en' | 'es'; key?: string; receipt?: string; allowUnsigned: boolean } = { json: false, language: 'en', allowUnsigned: false };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === '--json') options.json = true;
    else if (flag === '--allow-unsigned') options.allowUnsigned = true;
    else if (flag === '--key') options.key = valueOf(rest, ++i, '--key');
    else if (flag === '--receipt') options.receipt = valueOf(rest, ++i, '--receipt');
    else if (flag === '--as') options.as = valueOf(rest, ++i, '--as');
    else if (flag === '--at') {
      const at = Number(valueOf(rest, ++i, '--at'));
      if (!Number.isInteger(at) || at < 0) throw new UsageError(`--at takes a revision: a whole number from 0, not "${rest[i]}"`);
      options.at = at;
    } else if (flag === '--lang') {
      const language = valueOf(rest, ++i, '--lang');
      if (language !== 'en' && language !== 'es') throw new UsageError(`--lang takes en or es, not "${language}"`);
      options.language = language;
    } else throw new UsageError(`unknown option "${flag}"\n\n${USAGE}`);
  }
  if (command === 'replay' && options.as === undefined) throw new UsageError('matchlog replay needs --as AUDIENCE (a player id, public or judge)');
  return { command, file, ...options };
};

const valueOf = (rest: readonly string[], i: number, flag: string): string => {
  const value = rest[i];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value`);
  return value;
};
