import { parseArgs as parseNodeArgs } from 'node:util';

/** `matchlog <command> <file> [options]`, parsed; errors name the bad argument. */
export interface CliArgs {
  readonly command: string;
  readonly file: string;
  readonly as?: string;
  readonly at?: number;
  readonly json: boolean;
  readonly language: 'en' | 'es';
  /** verify: the server's public key to pin, a JWKS or a PEM public key file */
  readonly key?: string;
  /** verify: a receipt (a signed head) the log must extend */
  readonly receipt?: string;
  /** verify: accept a log without a signed head (reported as unsigned) */
  readonly allowUnsigned: boolean;
  /** verify: a C2SP tlog-proof that the export's signed head is in the server's log (with --policy) */
  readonly proof?: string;
  /** verify: the C2SP tlog-policy the proof's checkpoint must meet (the log's key, the witnesses, the quorum) */
  readonly policy?: string;
}

/** `--help`/`-h` or `--version`: answered on stdout with exit 0, whatever else is on the line. */
export interface InfoRequest {
  readonly info: 'help' | 'version';
}

export class UsageError extends Error {}

export const COMMANDS = ['audit', 'verify', 'replay', 'knowledge'] as const;

export const USAGE = `usage: matchlog <command> <file.jsonl> [options]
       matchlog migrate|rebuild|check-integrity

commands:
  audit <file>                     rule findings, shuffle commitments and the self-audit
  verify <file>                    re-check the hash chain, the signed head and the shuffle commitments
  replay <file> --as AUDIENCE      print what AUDIENCE (a player id, public or judge) saw, at --at N (default: the end)
  knowledge <file> [--at N]        who knew which card, and which part of each deck was still random
  push <journal> --server URL --match ID [--token T]
                                   send an offline journal's batches the server has not acknowledged (matchlog push --help)
  log mirror <dir> [--server URL]   copy the server's transparency log (checkpoint and tiles) into <dir> (matchlog log mirror --help)
  import-replay <file|folder> [--server URL] [--key KEY]
                                   tcg.online replays: imported over HTTP, or converted to JSON Lines for the
                                   commands above (matchlog import-replay --help)
  witness --dir DIR --key FILE --logs FILE [--port N]
                                   a C2SP tlog-witness for the logs --logs names (matchlog witness --help)
  log verify --from CHECKPOINT --log URL|DIR --policy FILE
                                   prove a transparency log only grew since a checkpoint kept (matchlog log verify --help)
  monitor --log URL|DIR --policy FILE --state DIR
                                   follow a log: forks, inconsistency, a match logged twice (matchlog monitor --help)

operator commands (on the store and catalog the MATCHLOG_* variables name, as the server reads them):
  migrate                          bring the catalog database to the latest migration (the server does it on start)
  rebuild                          empty the read models and replay the whole event log into them
  check-integrity                  SQLite's full integrity check of events.sqlite and catalog.sqlite (the server stopped);
                                   exit 1 if one is damaged, 2 if it could not run

options (before or after the file):
  --as AUDIENCE          replay: a player id, public or judge
  --at N, --at=N         replay, knowledge: the revision (0 to the number of events; default: the end)
  --json                 machine-readable output
  --lang en|es           every line of the output in English (default) or Spanish
  --key FILE             verify: pin the server's signing key (its /.well-known/jwks.json, a JWK or a PEM public key)
  --receipt FILE         verify: a receipt (GET /matches/:id/receipt) the log must extend
  --allow-unsigned       verify: accept a log without a signed head, reported as unsigned
  --proof FILE           verify: a C2SP tlog-proof that the export's signed head is an entry of the server's log
  --policy FILE          verify (with --proof): the C2SP tlog-policy its checkpoint must meet (log key, witnesses, quorum)
  -h, --help             this text
  --version              matchlog's version

exit codes:
  0  clean: no violation, the log intact
  1  a violation found, or a broken log (changed, cut, reordered, unreadable as JSON Lines)
  2  usage: an unknown command or option, a missing or bad argument, a file that can not be read`;

const OPTIONS = {
  as: { type: 'string' },
  at: { type: 'string' },
  json: { type: 'boolean', default: false },
  lang: { type: 'string', default: 'en' },
  key: { type: 'string' },
  receipt: { type: 'string' },
  proof: { type: 'string' },
  policy: { type: 'string' },
  'allow-unsigned': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const;

/** Options only some commands take: naming them elsewhere is a usage error rather than silently ignored. */
const ONLY_FOR: Readonly<Record<string, readonly string[]>> = {
  as: ['replay'],
  at: ['replay', 'knowledge'],
  key: ['verify'],
  receipt: ['verify'],
  proof: ['verify'],
  policy: ['verify'],
  'allow-unsigned': ['verify'],
};

const withUsage = (message: string) => new UsageError(`${message}\n\n${USAGE}`);

/** node:util's own parser, its errors turned into usage errors that say what was wrong. */
const parsed = (argv: readonly string[]) => {
  try {
    return parseNodeArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw withUsage((error as Error).message);
  }
};

export const parseArgs = (argv: readonly string[]): CliArgs | InfoRequest => {
  const { values, positionals } = parsed(argv);
  if (values.help) return { info: 'help' };
  if (values.version) return { info: 'version' };
  const [command, file, ...extra] = positionals;
  if (command === undefined) throw new UsageError(USAGE);
  if (!(COMMANDS as readonly string[]).includes(command)) throw withUsage(`unknown command "${command}"`);
  if (file === undefined) throw new UsageError(`matchlog ${command} needs a file: matchlog ${command} <file.jsonl>`);
  if (extra.length > 0) throw withUsage(`unexpected argument "${extra[0]}": matchlog ${command} takes one file`);
  for (const [option, commands] of Object.entries(ONLY_FOR)) {
    const given = values[option as keyof typeof values];
    if (given !== undefined && given !== false && !commands.includes(command)) throw withUsage(`--${option} is an option of ${commands.join(' and ')}, not of ${command}`);
  }
  const language = values.lang;
  if (language !== 'en' && language !== 'es') throw new UsageError(`--lang takes en or es, not "${language}"`);
  let at: number | undefined;
  if (values.at !== undefined) {
    at = /^\d+$/.test(values.at) ? Number(values.at) : NaN;
    if (!Number.isSafeInteger(at)) throw new UsageError(`--at takes a revision: a whole number from 0, not "${values.at}"`);
  }
  if ((values.proof === undefined) !== (values.policy === undefined))
    throw new UsageError("matchlog verify --proof FILE --policy FILE: a log proof is checked against a policy (the log's key, its witnesses and their quorum), so give both");
  if (command === 'replay' && values.as === undefined) throw new UsageError('matchlog replay needs --as AUDIENCE (a player id, public or judge)');
  return {
    command,
    file,
    ...(values.as !== undefined && { as: values.as }),
    ...(at !== undefined && { at }),
    json: values.json,
    language,
    ...(values.key !== undefined && { key: values.key }),
    ...(values.receipt !== undefined && { receipt: values.receipt }),
    allowUnsigned: values['allow-unsigned'],
    ...(values.proof !== undefined && { proof: values.proof }),
    ...(values.policy !== undefined && { policy: values.policy }),
  };
};
