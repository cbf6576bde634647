import { CliArgs, USAGE, UsageError, parseArgs } from '../src/args';

const usageError = (argv: string[]): string => {
  try {
    parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`${argv.join(' ')} parsed`);
};

describe('matchlog arguments (node:util parseArgs)', () => {
  it.each([[['--help']], [['-h']], [['audit', 'log.jsonl', '--help']], [['-h', 'verify']]])('%j asks for help', (argv) => expect(parseArgs(argv)).toEqual({ info: 'help' }));

  it('--version asks for the version', () => expect(parseArgs(['--version'])).toEqual({ info: 'version' }));

  it('--json, --at and --lang work before or after the file, and --at=3 as well as --at 3', () => {
    const expected: CliArgs = { command: 'knowledge', file: 'log.jsonl', at: 3, json: true, language: 'es', allowUnsigned: false };
    expect(parseArgs(['knowledge', 'log.jsonl', '--json', '--at', '3', '--lang', 'es'])).toEqual(expected);
    expect(parseArgs(['knowledge', '--json', '--at=3', '--lang=es', 'log.jsonl'])).toEqual(expected);
    expect(parseArgs(['--json', 'knowledge', '--at', '3', 'log.jsonl', '--lang', 'es'])).toEqual(expected);
  });

  it('verify takes --key, --receipt and --allow-unsigned', () => {
    expect(parseArgs(['verify', 'log.jsonl', '--key', 'jwks.json', '--receipt=r.json', '--allow-unsigned'])).toEqual({
      command: 'verify',
      file: 'log.jsonl',
      json: false,
      language: 'en',
      key: 'jwks.json',
      receipt: 'r.json',
      allowUnsigned: true,
    });
    expect(parseArgs(['verify', 'log.jsonl'])).toEqual({ command: 'verify', file: 'log.jsonl', json: false, language: 'en', allowUnsigned: false });
  });

  it('an unknown flag is a usage error that shows the usage', () => {
    expect(usageError(['audit', 'log.jsonl', '--jsn'])).toContain("Unknown option '--jsn'");
    expect(usageError(['audit', 'log.jsonl', '--jsn'])).toContain(USAGE);
  });

  it.each([
    [['audit'], 'needs a file'],
    [['frobnicate', 'log.jsonl'], 'unknown command "frobnicate"'],
    [['audit', 'a.jsonl', 'b.jsonl'], 'unexpected argument "b.jsonl"'],
    [['replay', 'log.jsonl'], 'needs --as'],
    [['replay', 'log.jsonl', '--as'], "'--as <value>' argument missing"],
    [['audit', 'log.jsonl', '--as', 'p1'], '--as is an option of replay, not of audit'],
    [['audit', 'log.jsonl', '--at', '3'], '--at is an option of replay and knowledge, not of audit'],
    [['audit', 'log.jsonl', '--key', 'k.pem'], '--key is an option of verify, not of audit'],
    [['knowledge', 'log.jsonl', '--at', '-1'], 'argument is ambiguous'],
    [['knowledge', 'log.jsonl', '--at=-1'], '--at takes a revision'],
    [['knowledge', 'log.jsonl', '--at', '1.5'], '--at takes a revision'],
    [['knowledge', 'log.jsonl', '--at', 'end'], '--at takes a revision'],
    [['audit', 'log.jsonl', '--lang', 'fr'], '--lang takes en or es'],
    [['audit', 'log.jsonl', '--json=yes'], "'--json' does not take an argument"],
  ])('%j: %s', (argv, message) => expect(usageError(argv)).toContain(message));

  it('nothing at all is a usage error showing the usage', () => expect(usageError([])).toBe(USAGE));
});
