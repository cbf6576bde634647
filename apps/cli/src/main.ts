import { parseJsonLines, pinnedKeysOf, signedHeadOf } from '@matchlog/audit';
import { readFileSync } from 'fs';
import { UsageError, parseArgs } from './args';
import { CommandResult, VerifyInputs, audit, knowledge, replay, verify } from './commands';

const readText = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
};

/** The key pinned with --key and the receipt given with --receipt, read and checked for shape. */
const verifyInputs = (key: string | undefined, receipt: string | undefined): VerifyInputs => {
  const inputs: { pinned?: VerifyInputs['pinned']; receipt?: VerifyInputs['receipt'] } = {};
  if (key !== undefined) {
    const pinned = pinnedKeysOf(readText(key));
    if ('error' in pinned) throw new UsageError(`--key ${key} ${pinned.error}`);
    inputs.pinned = pinned;
  }
  if (receipt !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(readText(receipt));
    } catch (error) {
      throw new UsageError(`--receipt ${receipt} is not JSON (${(error as Error).message})`);
    }
    const signed = signedHeadOf(value);
    if ('error' in signed) throw new UsageError(`--receipt ${receipt} ${signed.error} (as GET /matches/:id/receipt returns it)`);
    inputs.receipt = signed;
  }
  return inputs;
};

/** `matchlog <command> <file.jsonl>`: works offline, with no server and no database. Exit 2 on bad usage or an unreadable file. */
const main = (argv: readonly string[]): number => {
  try {
    const args = parseArgs(argv);
    const parsed = parseJsonLines(readText(args.file));
    if ('error' in parsed) {
      if (args.command === 'verify' && parsed.error.code === 'LINE_NOT_CANONICAL') {
        // a second reading of a line is tampering evidence, not bad usage
        console.log(`REFUSED (LINE_NOT_CANONICAL) ${args.file}, ${parsed.error.message}`);
        return 1;
      }
      throw new UsageError(`${args.file}, ${parsed.error.message}`);
    }
    const { events } = parsed;
    const result: CommandResult =
      args.command === 'audit' ? audit(events, args)
      : args.command === 'verify' ? verify(parsed, args, verifyInputs(args.key, args.receipt))
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
