import {
  LogEntry,
  MatchEntry,
  Policy,
  RoundEntry,
  checkCheckpoint,
  ed25519NoteVerifier,
  endAgainstRounds,
  entryAlarm,
  formatHash,
  openCheckpoint,
  parseLogEntry,
  roundAlarm,
  roundKey,
  roundNotice,
} from '@matchlog/ledger';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { recheckEntry, serverOfLog } from './entry-recheck';
import { policyOf } from './log-proof';
import { LogSource, LogUnreachable, logSourceOf, provesGrowth, readCheckpointOf, readEntries } from './log-source';

export const LOG_VERIFY_USAGE = `usage: matchlog log verify --from <old checkpoint file> --log <url|dir> --policy <file>

Proves the log only grew since the checkpoint you kept: its latest checkpoint (signed by the log and cosigned
by the policy's quorum) extends the old one, by a consistency proof computed from the log's tiles alone.

exit codes: 0 the log grew (or is the same); 1 it did not: forked, rolled back or rewritten; 2 usage, or the
log or a file could not be read`;

export const MONITOR_USAGE = `usage: matchlog monitor --log <url|dir> --policy <file> --state <dir> [--server <url>] [--token <token>]

Follows a log: checks its latest checkpoint against the policy and against the last one seen (kept in --state),
reads the new entries, and checks each against the ones seen before. Run it again (cron, a loop) to follow on.
Each new match entry is re-checked against its match on the server (--server, or the server of an http --log):
its export, chain recomputed, when --token (a judge token or the organizer key) reads it, else its public receipt
when that is at the entry's revision; a match the public cannot read is skipped, and the summary says so.

exit codes: 0 all consistent (the state moved on); 1 ALARM: a fork, a log that is not consistent with what was
seen, an entry bundle altered, a match logged twice with different heads, a round counting a match at
another head than its logged end, or a match whose export or receipt no longer has its logged head (the
state is left as it was); a round closed again with another slip is printed as a notice (a result changed
after the close), not an alarm;
2 usage, or the log or a file could not be read`;

const options = {
  from: { type: 'string' },
  log: { type: 'string' },
  policy: { type: 'string' },
  state: { type: 'string' },
  server: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const argsOf = (argv: readonly string[], usage: string, needed: readonly ('from' | 'log' | 'policy' | 'state')[]) => {
  const { values } = parseArgs({ args: [...argv], options, strict: true });
  if (values.help) return { help: true as const };
  const missing = needed.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new Error(`missing --${missing.join(', --')}\n\n${usage}`);
  return { help: false as const, values };
};

const withExit = async (usage: string, run: () => Promise<number>): Promise<number> => {
  try {
    return await run();
  } catch (error) {
    console.error((error as Error).message === usage ? usage : `${(error as Error).message}`);
    return 2;
  }
};

/** The latest checkpoint of the log, checked against the policy (signed by the log, cosigned by the quorum). */
const latestChecked = async (source: LogSource, policy: Policy) => {
  const text = await readCheckpointOf(source);
  try {
    return { text, ...checkCheckpoint(text, policy) };
  } catch (error) {
    throw new Alarm(`the checkpoint of ${source.name} does not meet the policy: ${(error as Error).message}`);
  }
};

class Alarm extends Error {}

const alarmed = async (run: () => Promise<number>): Promise<number> => {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Alarm)) throw error;
    console.log(`ALARM: ${error.message}`);
    return 1;
  }
};

export const logVerifyCommand = (argv: readonly string[]): Promise<number> =>
  withExit(LOG_VERIFY_USAGE, async () => {
    const args = argsOf(argv, LOG_VERIFY_USAGE, ['from', 'log', 'policy']);
    if (args.help) return (console.log(LOG_VERIFY_USAGE), 0);
    const { from, log, policy: policyFile } = args.values as { from: string; log: string; policy: string };
    const policy = policyOf(readFileSync(policyFile, 'utf8'), policyFile);
    const old = openCheckpoint(
      readFileSync(from, 'utf8'),
      policy.logs.map((l) => ed25519NoteVerifier(l.key.name, l.key.publicKey)),
    ).checkpoint;
    const source = logSourceOf(log);
    return alarmed(async () => {
      const latest = await latestChecked(source, policy);
      if (latest.checkpoint.origin !== old.origin) throw new Alarm(`the log's origin is ${latest.checkpoint.origin}, the old checkpoint's ${old.origin}`);
      if (!(await provesGrowth(source, old, latest.checkpoint)))
        throw new Alarm(
          `the log's checkpoint of size ${latest.checkpoint.size} (root ${formatHash(latest.checkpoint.root)}) does not extend the old one of size ${old.size} (root ${formatHash(old.root)}): the log forked or was rewritten`,
        );
      console.log(`the log grew: ${old.origin} from size ${old.size} to ${latest.checkpoint.size}, consistent (cosigned by ${latest.witnesses.join(', ') || 'no witness'})`);
      return 0;
    });
  });

interface MonitorState {
  readonly entries: Record<string, MatchEntry[]>;
  /** each round's entries, by roundKey (absent from states written before rounds were logged) */
  readonly rounds?: Record<string, RoundEntry[]>;
}

export const monitorCommand = (argv: readonly string[]): Promise<number> =>
  withExit(MONITOR_USAGE, async () => {
    const args = argsOf(argv, MONITOR_USAGE, ['log', 'policy', 'state']);
    if (args.help) return (console.log(MONITOR_USAGE), 0);
    const { log, policy: policyFile, state, token } = args.values as { log: string; policy: string; state: string; token?: string };
    const server = args.values.server ?? serverOfLog(log);
    const policy = policyOf(readFileSync(policyFile, 'utf8'), policyFile);
    mkdirSync(state, { recursive: true });
    const checkpointFile = join(state, 'checkpoint');
    const entriesFile = join(state, 'entries.json');
    const lastText = existsSync(checkpointFile) ? readFileSync(checkpointFile, 'utf8') : undefined;
    const last = lastText === undefined ? undefined : checkCheckpoint(lastText, { ...policy, quorum: 'none' }).checkpoint;
    const seen: MonitorState = existsSync(entriesFile) ? (JSON.parse(readFileSync(entriesFile, 'utf8')) as MonitorState) : { entries: {} };
    const source = logSourceOf(log);
    return alarmed(async () => {
      const latest = await latestChecked(source, policy);
      const now = latest.checkpoint;
      if (last) {
        if (now.origin !== last.origin) throw new Alarm(`the log's origin is ${now.origin}, the state's ${last.origin}: give another --state`);
        if (now.size === last.size && formatHash(now.root) !== formatHash(last.root))
          throw new Alarm(`a fork: size ${now.size} with root ${formatHash(now.root)}, seen before with root ${formatHash(last.root)}`);
        if (now.size < last.size) throw new Alarm(`the log rolled back: size ${now.size}, seen before at ${last.size}`);
        if (!(await provesGrowth(source, last, now)))
          throw new Alarm(`the checkpoint of size ${now.size} is not consistent with the one of size ${last.size} seen before: the log forked or was rewritten`);
      }
      const from = last?.size ?? 0;
      let entries: Buffer[];
      try {
        entries = await readEntries(source, now, from);
      } catch (error) {
        if (error instanceof LogUnreachable) throw error;
        throw new Alarm((error as Error).message);
      }
      const next: Record<string, MatchEntry[]> = { ...seen.entries };
      const rounds: Record<string, RoundEntry[]> = { ...seen.rounds };
      const notices: string[] = [];
      let others = 0;
      const rechecked = { export: 0, receipt: 0, skipped: [] as string[] };
      for (const [i, bytes] of entries.entries()) {
        let entry: LogEntry;
        try {
          entry = parseLogEntry(bytes.toString('utf8'));
        } catch {
          others++;
          continue;
        }
        if (entry.kind === 'round-closed') {
          const before = rounds[roundKey(entry)] ?? [];
          const alarm = roundAlarm(next, entry);
          if (alarm) throw new Alarm(`entry ${from + i}: ${alarm}`);
          const notice = roundNotice(before, entry);
          if (notice) notices.push(`notice: entry ${from + i}: ${notice}`);
          rounds[roundKey(entry)] = [...before, entry];
          continue;
        }
        const before = next[entry.matchId] ?? [];
        const alarm = entryAlarm(before, entry) ?? endAgainstRounds(Object.values(rounds).flat(), entry);
        if (alarm) throw new Alarm(`entry ${from + i}: ${alarm}`);
        next[entry.matchId] = [...before, entry];
        if (server === undefined) continue;
        const recheck = await recheckEntry(server, entry, token);
        if ('alarm' in recheck) throw new Alarm(`entry ${from + i}: ${recheck.alarm}`);
        if ('skipped' in recheck) rechecked.skipped.push(`entry ${from + i}: ${recheck.skipped}`);
        else rechecked[recheck.by]++;
      }
      writeFileSync(`${entriesFile}.tmp`, JSON.stringify({ entries: next, rounds }));
      renameSync(`${entriesFile}.tmp`, entriesFile);
      writeFileSync(`${checkpointFile}.tmp`, latest.text);
      renameSync(`${checkpointFile}.tmp`, checkpointFile);
      for (const notice of notices) console.log(notice);
      console.log(
        `${now.origin}: size ${now.size}, consistent with ${last ? `size ${last.size}` : 'nothing seen before'}; ${entries.length} new entr${entries.length === 1 ? 'y' : 'ies'} checked${others ? ` (${others} not matchlog entries)` : ''}`,
      );
      if (server === undefined) console.log('entries not re-checked against their matches: give --server <url> (the log is not read from a server)');
      else {
        console.log(`re-checked against ${server}: ${rechecked.export} by export, ${rechecked.receipt} by receipt, ${rechecked.skipped.length} skipped`);
        rechecked.skipped.forEach((line) => console.log(`  skipped ${line}`));
      }
      return 0;
    });
  });
