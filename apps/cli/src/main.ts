import { parseJsonLines } from '@matchlog/audit';
import { readFileSync } from 'fs';
import { join } from 'path';
import { USAGE, UsageError, parseArgs } from './args';
import { CommandResult, audit, knowledge, replay, verify } from './commands';
import { messagesIn } from './messages';

const version = (): string => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')).version;

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
    let text: string;
    try {
      text = readFileSync(args.file, 'utf8');
    } catch (error) {
      throw new UsageError(m.cannotRead(args.file, (error as Error).message));
    }
    const parsed = parseJsonLines(text);
    if ('error' in parsed) {
      console.error(m.brokenLog(args.file, parsed.error.message));
      return 1;
    }
    const { events, head } = parsed;
    const result: CommandResult =
      args.command === 'audit' ? audit(events, args)
      : args.command === 'verify' ? verify(events, head, args)
      : args.command === 'replay' ? replay(events, args)
      : knowledge(events, args);
    console.log(result.output);
    return result.exitCode;
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : error);
    return 2;
  }
};

process.exitCode = main(process.argv.slice(2));
