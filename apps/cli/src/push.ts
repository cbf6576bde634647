import {
  DEFAULT_BODY_LIMIT,
  JournalFormatError,
  JournalLimitError,
  JournalMatchError,
  JournalSyncError,
  MAX_EVENTS_PER_APPEND,
  MatchlogClient,
  NetworkError,
  RevisionConflict,
  refusedBatches,
} from '@matchlog/client';
import { dropUnfinishedLine, journal } from '@matchlog/client/node';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

export const PUSH_USAGE = `usage: matchlog push <journal.jsonl> --server URL --match ID [--token TOKEN]

Sends the batches of an offline journal that the server has not acknowledged, in order, each once.
The token is the match's recorder token (or the organizer key): --token, or MATCHLOG_TOKEN in the
environment, which keeps it out of the shell's history and the process list.

A batch over the server's limits (${MAX_EVENTS_PER_APPEND} events, or a body over ${DEFAULT_BODY_LIMIT}) is never sent: push marks it refused
in the journal ({"rejected": …, "code": "BATCH_TOO_MANY_EVENTS" or "BATCH_TOO_LARGE"}). Nothing is removed
from the journal but a last line the journal itself was writing when its process stopped (never sent).

exit codes:
  0  every batch line is on the server (sent now, or acknowledged before)
  1  a batch is not on the server: a conflict, a refused event, the server unreachable (nothing after it
     was sent), a line refused now or before (the server's or push's own refusal), or an unfinished line
     the journal was writing when it stopped, cut off
  2  usage: a missing or bad argument, a journal that can not be read (a line that is not JSON: fix it by hand)`;

interface PushArgs {
  readonly file: string;
  readonly server: string;
  readonly match: string;
  readonly token: string | undefined;
}

class PushUsage extends Error {}
class PushHelp extends Error {}

const argsOf = (argv: readonly string[], env: NodeJS.ProcessEnv): PushArgs => {
  let parsed: { values: { server?: string; match?: string; token?: string; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { server: { type: 'string' }, match: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new PushUsage(`${(error as Error).message}\n\n${PUSH_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new PushHelp(PUSH_USAGE);
  if (positionals.length !== 1) throw new PushUsage(PUSH_USAGE);
  if (values.server === undefined || !/^https?:\/\//.test(values.server)) throw new PushUsage(`--server takes the API's URL, e.g. http://localhost:3000\n\n${PUSH_USAGE}`);
  if (values.match === undefined) throw new PushUsage(`--match takes the match's id\n\n${PUSH_USAGE}`);
  return { file: positionals[0], server: values.server.replace(/\/$/, ''), match: values.match, token: values.token ?? env.MATCHLOG_TOKEN };
};

/** What went wrong with a batch, and what to do about it. */
const explain = (error: JournalSyncError): string => {
  const { cause, batch } = error;
  const where = `line ${batch.line} (${batch.events.length} event${batch.events.length === 1 ? '' : 's'} after revision ${batch.expectedRevision})`;
  if (cause instanceof RevisionConflict) {
    return `${where}: the match is at revision ${cause.currentRevision}, and what follows revision ${batch.expectedRevision} there is not this batch (another recorder, or a batch refused before it). Nothing after this line was sent: compare the journal with GET /matches/:id/events, remove or mark the line refused ({"rejected": "<its first event id>"}), then push again.`;
  }
  if (cause instanceof JournalLimitError)
    return `${where}: not sent, over the server's limits (${cause.code}): ${cause.reason}. The journal marks it refused; nothing after this line was sent.`;
  if (cause instanceof NetworkError) return `${where}: ${cause.message}. Nothing after this line was sent; push again when the server is back: nothing is sent twice.`;
  const code = (cause as { code?: string }).code;
  return `${where}: the server refused it${code ? ` (${code})` : ''}: ${(cause as Error).message}. Nothing after this line was sent.`;
};

const clip = (line: string): string => (line.length > 80 ? `${line.slice(0, 80)}…` : line);

/** `matchlog push`: syncs an offline journal with the server; prints each batch it sent. */
export const push = async (argv: readonly string[], env: NodeJS.ProcessEnv = process.env, out = console.log, err = console.error): Promise<number> => {
  let args: PushArgs;
  try {
    args = argsOf(argv, env);
  } catch (error) {
    if (error instanceof PushHelp) {
      out(error.message);
      return 0;
    }
    err((error as Error).message);
    return 2;
  }
  if (!existsSync(args.file)) {
    err(`${args.file}: no such journal`);
    return 2;
  }
  const client = new MatchlogClient({ baseUrl: args.server, ...(args.token !== undefined && { token: args.token }) });
  const pending = journal(args.file);
  try {
    const unfinished = await dropUnfinishedLine(args.file);
    if (unfinished !== undefined)
      err(
        `matchlog push: the journal's last line was cut short while it was written (its process stopped): it was never sent, and is removed: ${clip(unfinished)}. Record that batch again.`,
      );
    const sent = await pending.sync(client, args.match, (batch) =>
      out(`sent line ${batch.line}: ${batch.events} event${batch.events === 1 ? '' : 's'} after revision ${batch.expectedRevision}, the match is at revision ${batch.revision}`),
    );
    const refused = refusedBatches(await pending.read(args.match));
    for (const { batch, code } of refused)
      err(
        `matchlog push: line ${batch.line} (expectedRevision ${batch.expectedRevision}) is marked refused (${code}): it is not on the server. Decide it again from the match as it is.`,
      );
    if (refused.length > 0 || unfinished !== undefined) {
      out(
        `pushed ${sent.length} batch${sent.length === 1 ? '' : 'es'} to ${args.match}; not on the server: ${[...refused.map(({ batch }) => `line ${batch.line}`), ...(unfinished === undefined ? [] : ['the unfinished last line'])].join(', ')}`,
      );
      return 1;
    }
    out(sent.length === 0 ? `nothing to send: every batch of ${args.file} is on the server` : `pushed ${sent.length} batch${sent.length === 1 ? '' : 'es'} to ${args.match}`);
    return 0;
  } catch (error) {
    if (error instanceof JournalFormatError || error instanceof JournalMatchError) {
      err(`${args.file}: ${error.message}`);
      return 2;
    }
    if ((error as NodeJS.ErrnoException).code === 'EACCES' || (error as NodeJS.ErrnoException).code === 'EISDIR') {
      err(`${args.file} can not be read: ${(error as Error).message}`);
      return 2;
    }
    if (error instanceof JournalSyncError) {
      err(`matchlog push: ${explain(error)}`);
      return 1;
    }
    throw error;
  }
};
