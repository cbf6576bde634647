import { toJsonLines } from '@matchlog/audit';
import { MatchlogClient, MatchlogError, NetworkError } from '@matchlog/client';
import {
  AudienceExposure,
  ConversionLimits,
  Entropy,
  ReplayConversions,
  ReplayConverter,
  StepRevisions,
  conversionLimitsOf,
  importedEvents,
  decideReplayImport,
} from '@matchlog/matches';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';

export const IMPORT_USAGE = `usage: matchlog import-replay <file|folder> [--server URL] [--key KEY] [--out FOLDER] [--json]

Imports tcg.online replays (the .zip its download button gives, or its replay.json; a folder: every .zip and .json in it).
A replay that is refused, or fails, is reported in the table, and the others go on.

  --server URL   POST each to URL's /matches/import/tcg-online. The key is the organizer key: --key, or
                 MATCHLOG_ORGANIZER_KEY in the environment, which keeps it out of the shell's history.
  (no --server)  convert each to matchlog's JSON Lines, <name>.jsonl beside the replay (or in --out FOLDER),
                 sealed as the server seals an import, for matchlog audit|verify --allow-unsigned|replay|knowledge.
                 Each is converted within the server's limits (MATCHLOG_IMPORT_TIME_LIMIT_MS, default 10000;
                 MATCHLOG_IMPORT_MEMORY_LIMIT, default 256mb): a file past one is refused, and the others go on.
                 Two replays never share an output: x.json and x.zip are written to x.json.jsonl and x.zip.jsonl.
  --json         the results as JSON, each with what its file exposes and where each step is in the match.

Each replay imported or converted says where its steps are in the match: "step 21: #40-#41" (steps are
the indexes of the replay's steps; a step that made no event is not listed). Each event's meta.step says it too.

A replay file names both hands and both decks in order, and holds the seed of every shuffle: it is a judge's view.
The output lists, per audience, what the file reveals beyond what that audience saw.

exit codes:
  0  every replay imported or converted (or already on the server)
  1  a replay refused (the table says why), or the server unreachable or the key refused
  2  usage: a missing or bad argument, a file or folder that can not be read`;

type Outcome =
  | { readonly kind: 'imported'; readonly matchId: string; readonly revision: number; readonly exposes: readonly AudienceExposure[]; readonly steps: readonly StepRevisions[] }
  | { readonly kind: 'converted'; readonly out: string; readonly revision: number; readonly exposes: readonly AudienceExposure[]; readonly steps: readonly StepRevisions[] }
  | { readonly kind: 'already there'; readonly matchId: string }
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

interface Result {
  readonly file: string;
  readonly outcome: Outcome;
}

interface ImportArgs {
  readonly path: string;
  readonly server?: string;
  readonly key?: string;
  readonly out?: string;
  readonly json: boolean;
}

class ImportUsage extends Error {}

const argsOf = (argv: readonly string[], env: NodeJS.ProcessEnv): ImportArgs | 'help' => {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { server: { type: 'string' }, key: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new ImportUsage(`${(error as Error).message}\n\n${IMPORT_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new ImportUsage(IMPORT_USAGE);
  if (values.server !== undefined && !/^https?:\/\//.test(values.server)) throw new ImportUsage(`--server takes the API's URL, e.g. http://localhost:3000\n\n${IMPORT_USAGE}`);
  if (values.server !== undefined && values.out !== undefined)
    throw new ImportUsage(`--out is where an offline conversion writes; with --server nothing is written\n\n${IMPORT_USAGE}`);
  const key = values.key ?? env.MATCHLOG_ORGANIZER_KEY;
  if (values.server !== undefined && !key)
    throw new ImportUsage('matchlog import-replay --server needs the organizer key: --key KEY, or MATCHLOG_ORGANIZER_KEY in the environment');
  return {
    path: positionals[0],
    ...(values.server !== undefined && { server: values.server.replace(/\/$/, ''), key }),
    ...(values.out !== undefined && { out: values.out }),
    json: values.json,
  };
};

const isReplay = (file: string) => /\.(zip|json)$/i.test(file);

/** The replays a path names: the file itself, or every .zip and .json of the folder, by name. */
const replaysAt = (path: string): string[] => {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    throw new ImportUsage(`${path} can not be read: ${(error as Error).message}`);
  }
  if (!stat.isDirectory()) return [path];
  const files = readdirSync(path)
    .filter(isReplay)
    .sort()
    .map((name) => join(path, name));
  if (files.length === 0) throw new ImportUsage(`${path} holds no replay (.zip or .json)`);
  return files;
};

/** node:crypto's, as the server's: the chain salt, the event ids and every shuffle's salt. */
const cryptoEntropy: Entropy = { uuid: () => randomUUID(), hex: (bytes) => randomBytes(bytes).toString('hex') };

const zipped = (file: string) => extname(file).toLowerCase() === '.zip';

/**
 * Where each replay's conversion is written: `<name>.jsonl` beside it (or in --out), but never two replays to one file:
 * replays whose names would share an output (x.json and x.zip; X.zip and x.zip on a case-blind disk) each keep their
 * whole name (x.json.jsonl, x.zip.jsonl); one that would still share is refused (`outputs` has no entry for it).
 */
export const outputsOf = (files: readonly string[], outDir: string | undefined): Map<string, string> => {
  const target = (file: string, whole: boolean) => join(outDir ?? dirname(file), `${whole ? basename(file) : basename(file, extname(file))}.jsonl`);
  const sharing = (names: readonly (readonly [string, string])[]) => {
    const count = new Map<string, number>();
    for (const [, out] of names) count.set(out.toLowerCase(), (count.get(out.toLowerCase()) ?? 0) + 1);
    return (out: string) => (count.get(out.toLowerCase()) ?? 0) > 1;
  };
  const first = files.map((file) => [file, target(file, false)] as const);
  const shared = sharing(first);
  const second = first.map(([file, out]) => [file, shared(out) ? target(file, true) : out] as const);
  const still = sharing(second);
  return new Map(second.filter(([, out]) => !still(out)));
};

/**
 * Offline: the replay as the match the server would store, written as JSON Lines to `out`. It is converted as the server
 * converts it, in a conversion process with the server's default limits: a file that passes them is refused, and the
 * folder goes on.
 */
const convert = async (converter: ReplayConverter, file: string, out: string | undefined): Promise<Outcome> => {
  if (out === undefined) return { kind: 'refused', code: 'OUTPUT_TAKEN', message: 'another replay of this run would be written to the same .jsonl: rename one of them' };
  let body: Uint8Array | string;
  try {
    const bytes = readFileSync(file);
    body = zipped(file) ? new Uint8Array(bytes) : bytes.toString('utf8');
  } catch (error) {
    return { kind: 'refused', code: (error as { code?: string }).code ?? 'REPLAY_UNREADABLE', message: (error as Error).message };
  }
  let result;
  try {
    result = await converter.convert({ body, zipped: zipped(file), options: { now: Date.now() } });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    return { kind: 'refused', code, message: (error as Error).message };
  }
  if (!result.ok) return { kind: 'refused', code: result.refusal.code, message: result.refusal.message };
  const { converted, exposes, steps } = result;
  const sealed = decideReplayImport(converted.created, converted.createdAt, importedEvents(converted), 'organizer', cryptoEntropy);
  if (!sealed.ok) return { kind: 'refused', code: sealed.error.code, message: sealed.error.message };
  writeFileSync(out, toJsonLines(sealed.events));
  return { kind: 'converted', out, revision: sealed.events.length, exposes, steps };
};

/** Whatever one replay does, the folder goes on: a throw nobody foresaw is that replay refused, saying so. */
const unforeseen = (error: unknown): Outcome => ({
  kind: 'refused',
  code: 'IMPORT_FAILED',
  message: `the import failed on this file (${error instanceof Error ? error.message : String(error)}): please report it with the file`,
});

/** The key or the server itself refused: no other replay would fare better. */
class Abort extends Error {}

const upload = async (client: MatchlogClient, file: string): Promise<Outcome> => {
  let body: Uint8Array | string;
  try {
    const bytes = readFileSync(file);
    body = zipped(file) ? new Uint8Array(bytes) : bytes.toString('utf8');
  } catch (error) {
    return { kind: 'refused', code: (error as { code?: string }).code ?? 'REPLAY_UNREADABLE', message: (error as Error).message };
  }
  try {
    const answer = await client.importTcgOnline(body);
    return { kind: 'imported', matchId: answer.matchId, revision: answer.revision, exposes: answer.exposes, steps: answer.steps };
  } catch (error) {
    if (error instanceof NetworkError) throw new Abort(`the server can not be reached: ${error.message}`);
    if (!(error instanceof MatchlogError)) return unforeseen(error);
    if (error.code === 'REPLAY_ALREADY_IMPORTED') return { kind: 'already there', matchId: String((error.body as { matchId?: unknown })?.matchId ?? '') };
    if (error.status === 401 || error.status === 403)
      throw new Abort(`the server refused the key (${error.status} ${error.code}): give the organizer key with --key or MATCHLOG_ORGANIZER_KEY`);
    return { kind: 'refused', code: error.code, message: error.message };
  }
};

/** What a run can answer: over HTTP imported, already there or refused; offline converted or refused. */
const kindsOf = (online: boolean): readonly Outcome['kind'][] => (online ? ['imported', 'already there', 'refused'] : ['converted', 'refused']);

const detailOf = (outcome: Outcome): string =>
  outcome.kind === 'imported'
    ? `${outcome.matchId} (revision ${outcome.revision})`
    : outcome.kind === 'converted'
      ? `${outcome.out} (${outcome.revision} events)`
      : outcome.kind === 'already there'
        ? outcome.matchId
        : `${outcome.code}: ${outcome.message}`;

/** The summary: one row per replay, then the count of each outcome. */
export const summaryTable = (results: readonly Result[], online: boolean): string => {
  const nameWidth = Math.max(6, ...results.map((r) => basename(r.file).length));
  const rows = results.map((r) => `${basename(r.file).padEnd(nameWidth)}  ${r.outcome.kind.padEnd(13)}  ${detailOf(r.outcome)}`);
  const counts = kindsOf(online).map((kind) => [kind, results.filter((r) => r.outcome.kind === kind).length] as const);
  return [`${'replay'.padEnd(nameWidth)}  ${'result'.padEnd(13)}  match, file or why`, ...rows, '', counts.map(([kind, n]) => `${n} ${kind}`).join(', ')].join('\n');
};

/** Where each replay's steps are in its match: "step 21: #40-#41", a few to a line. */
export const stepLines = (results: readonly Result[]): string[] =>
  results.flatMap((r) => {
    if (!('steps' in r.outcome)) return [];
    const entries = r.outcome.steps.map(({ step, from, to }) => `step ${step}: #${from}${to > from ? `-#${to}` : ''}`);
    const lines = [`${basename(r.file)}, its steps in the match:`];
    for (let i = 0; i < entries.length; i += 8) lines.push(`  ${entries.slice(i, i + 8).join(', ')}`);
    return lines;
  });

/** Per audience, the zones any of these files exposes, and whether one holds the seed. */
export const exposureLines = (results: readonly Result[]): string[] => {
  const exposes = results.flatMap((r) => ('exposes' in r.outcome ? r.outcome.exposes : []));
  if (exposes.length === 0) return [];
  const audiences = [...new Set(exposes.map((e) => e.audience))];
  const single = exposes.length === audiences.length;
  const lines = ["what the replay file names beyond each audience's view (a judge's view: never hand it to a player before the match ends):"];
  for (const audience of audiences) {
    const mine = exposes.filter((e) => e.audience === audience);
    // one file: how many cards of each zone; several: which zones any of them exposes
    const named = (z: AudienceExposure['zones'][number]) => `${single ? `${z.cards} card${z.cards === 1 ? '' : 's'} of ` : ''}${z.zone}${z.ordered ? ' in order' : ''}`;
    const zones = [...new Set(mine.flatMap((e) => e.zones.map(named)))];
    if (!single) zones.sort();
    lines.push(`  ${audience}: ${[...zones, ...(mine.some((e) => e.seed) ? ['the seed that predicts every shuffle'] : [])].join(', ') || 'nothing'}`);
  }
  if (!single) lines.push('  (--json gives each file its own)');
  return lines;
};

const progressBar = (done: number, total: number, file: string): string => {
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${basename(file)}`.slice(0, 120).padEnd(120);
};

export interface ImportIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** a progress bar on a terminal, redrawn in place; absent: one plain line per replay */
  readonly progress?: (text: string) => void;
}

const defaultIo = (): ImportIo => ({
  out: console.log,
  err: console.error,
  ...(process.stderr.isTTY && { progress: (text: string) => process.stderr.write(text) }),
});

/** `matchlog import-replay`: each replay imported over HTTP, or converted offline; a summary table at the end. */
export const importReplay = async (argv: readonly string[], env: NodeJS.ProcessEnv = process.env, io: ImportIo = defaultIo()): Promise<number> => {
  let args: ImportArgs;
  let files: string[];
  let limits: ConversionLimits;
  try {
    const parsed = argsOf(argv, env);
    if (parsed === 'help') {
      io.out(IMPORT_USAGE);
      return 0;
    }
    args = parsed;
    files = replaysAt(args.path);
    if (args.out !== undefined && !statSync(args.out, { throwIfNoEntry: false })?.isDirectory()) throw new ImportUsage(`--out ${args.out} is not a folder`);
    const read = conversionLimitsOf(env);
    if (typeof read === 'string') throw new ImportUsage(read);
    limits = read;
  } catch (error) {
    if (!(error instanceof ImportUsage)) throw error;
    io.err(error.message);
    return 2;
  }
  const client = args.server !== undefined ? new MatchlogClient({ baseUrl: args.server, token: args.key, retry: { attempts: 3 } }) : undefined;
  const results: Result[] = [];
  const outputs = outputsOf(files, args.out);
  const conversions = client ? undefined : new ReplayConversions(limits);
  let aborted: string | undefined;
  for (const file of files) {
    try {
      let outcome: Outcome;
      try {
        outcome = client ? await upload(client, file) : await convert(conversions!, file, outputs.get(file));
      } catch (error) {
        if (error instanceof Abort) throw error;
        outcome = unforeseen(error);
      }
      results.push({ file, outcome });
      if (io.progress) io.progress(progressBar(results.length, files.length, file));
      else if (!args.json) io.out(`${results.length}/${files.length} ${basename(file)}: ${outcome.kind}`);
    } catch (error) {
      if (!(error instanceof Abort)) throw error;
      aborted = error.message;
      break;
    }
  }
  await conversions?.close();
  if (io.progress) io.progress('\n');
  if (args.json) io.out(JSON.stringify({ results: results.map((r) => ({ file: r.file, ...r.outcome })), ...(aborted && { aborted }) }, null, 2));
  else {
    io.out(summaryTable(results, client !== undefined));
    const steps = stepLines(results);
    if (steps.length > 0) io.out(['', ...steps].join('\n'));
    const exposure = exposureLines(results);
    if (exposure.length > 0) io.out(['', ...exposure].join('\n'));
  }
  if (aborted) io.err(`matchlog import-replay: stopped after ${results.length} of ${files.length}: ${aborted}`);
  return aborted || results.some((r) => r.outcome.kind === 'refused') ? 1 : 0;
};
