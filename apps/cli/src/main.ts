import { parseJsonLines, pinnedKeysOf, signedHeadOf } from '@matchlog/audit';
import { emptyMatch, validateBatch } from '@matchlog/domain';
import { existsSync, readFileSync } from 'fs';
import { dirname, join } from 'path';
import { USAGE, UsageError, parseArgs } from './args';
import { CommandResult, VerifyInputs, audit, knowledge, replay, verify } from './commands';
import { CliMessages, messagesIn } from './messages';
import { isOperatorCommand, runOperator } from './operator/operator';
import { importReplay } from './import-replay';
import { checkLogProof, policyOf } from './log-proof';
import { push } from './push';
import { logMirror } from './log-mirror';
import { witnessCommand } from './witness';
import { logVerifyCommand, monitorCommand } from './log-commands';

/** matchlog's version, from the package.json above this file: apps/cli/src in a checkout, dist/apps/cli/src when built. */
const version = (): string => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')).version;
    if (dirname(dir) === dir) return 'unknown';
  }
};

const readText = (file: string, m: CliMessages): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(m.cannotRead(file, (error as Error).message));
  }
};

/** The key pinned with --key and the receipt given with --receipt, read and checked for shape. */
const verifyInputs = (key: string | undefined, receipt: string | undefined, m: CliMessages): VerifyInputs => {
  const inputs: { pinned?: VerifyInputs['pinned']; receipt?: VerifyInputs['receipt'] } = {};
  if (key !== undefined) {
    const pinned = pinnedKeysOf(readText(key, m));
    if ('error' in pinned) throw new UsageError(`--key ${key} ${pinned.error}`);
    inputs.pinned = pinned;
  }
  if (receipt !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(readText(receipt, m));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`--receipt ${receipt} is not JSON (${(error as Error).message})`);
    }
    const signed = signedHeadOf(value);
    if ('error' in signed) throw new UsageError(`--receipt ${receipt} ${signed.error} (as GET /matches/:id/receipt returns it)`);
    inputs.receipt = signed;
  }
  return inputs;
};

/**
 * `matchlog <command> <file.jsonl>`: works offline, with no server and no database.
 * Exit 0 clean, 1 a violation or a broken log, 2 bad usage or a file that can not be read (as USAGE says).
 */
const main = (argv: readonly string[]): number => {
  try {
    const args = parseArgs(argv);
    if ('info' in args) {
      console.log(args.info === 'help' ? USAGE : version());
      return 0;
    }
    const m = messagesIn(args.language);
    const parsed = parseJsonLines(readText(args.file, m));
    if ('error' in parsed) {
      // a line that reads two ways is tampering evidence: say so where verify's verdicts go
      if (parsed.error.code === 'LINE_NOT_CANONICAL') console.log(`${m.refused(parsed.error.code, parsed.error.line)} ${parsed.error.message}`);
      else console.error(m.brokenLog(args.file, parsed.error.message));
      return 1;
    }
    const { events } = parsed;
    // what the server would refuse is not a match to audit or replay; verify judges the chain and signature alone
    const verdict = args.command === 'verify' ? undefined : validateBatch(emptyMatch, events);
    if (verdict !== undefined && !verdict.ok) {
      const { eventIndex = 0, code, path, message } = verdict.error;
      console.error(m.brokenLog(args.file, m.refusedEvent(eventIndex + 1, code, path, message)));
      return 1;
    }
    const result: CommandResult =
      args.command === 'audit'
        ? audit(events, args)
        : args.command === 'verify'
          ? verify(parsed, args, verifyInputs(args.key, args.receipt, m))
          : args.command === 'replay'
            ? replay(events, args)
            : knowledge(events, args);
    if (args.command === 'verify' && args.proof !== undefined && args.policy !== undefined) {
      const policy = policyOf(readText(args.policy, m), args.policy);
      const logged = checkLogProof(parsed, readText(args.proof, m), policy);
      console.log(`${result.output}\n${logged.lines.join('\n')}`);
      return logged.ok ? result.exitCode : 1;
    }
    console.log(result.output);
    return result.exitCode;
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : error);
    return 2;
  }
};

const argv = process.argv.slice(2);
const [command] = argv;
// the operator's commands open the configured store and catalog; push and import-replay talk to a server; every other command works offline, on a file
if (isOperatorCommand(command)) {
  if (argv.length === 1) void runOperator(command).then((code) => (process.exitCode = code));
  else {
    console.error(`matchlog ${command} takes no argument: the MATCHLOG_* variables say where the store and catalog are\n\n${USAGE}`);
    process.exitCode = 2;
  }
} else if (command === 'push') {
  void push(argv.slice(1)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
} else if (command === 'log' && argv[1] === 'mirror') {
  void logMirror(argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
} else if (command === 'log' && argv[1] === 'verify') {
  void logVerifyCommand(argv.slice(2)).then((code) => (process.exitCode = code));
} else if (command === 'monitor') {
  void monitorCommand(argv.slice(1)).then((code) => (process.exitCode = code));
} else if (command === 'witness') {
  void witnessCommand(argv.slice(1)).then((code) => (process.exitCode = code));
} else if (command === 'import-replay') {
  void importReplay(argv.slice(1)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
} else process.exitCode = main(argv);
