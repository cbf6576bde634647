import { parseJsonLines } from '@matchlog/audit';
import { readFileSync } from 'fs';
import { UsageError, parseArgs } from './args';
import { CommandResult, audit, knowledge, replay, verify } from './commands';

/** `matchlog <command> <file.jsonl>`: works offline, with no server and no database. Exit 2 on bad usage or an unreadable file. */
const main = (argv: readonly string[]): number => {
  try {
    const args = parseArgs(argv);
    let text: string;
    try {
      text = readFileSync(args.file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${args.file}: ${(error as Error).message}`);
    }
    const parsed = parseJsonLines(text);
    if ('error' in parsed) throw new UsageError(`${args.file}, ${parsed.error.message}`);
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
