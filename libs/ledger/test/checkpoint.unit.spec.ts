import {
  SIGNATURE_TYPE_ED25519,
  ed25519NoteSigner,
  formatCheckpoint,
  formatVerifierKey,
  leafHash,
  openCheckpoint,
  parseCheckpoint,
  parseNote,
  rawPublicKey,
  signNote,
  verifierFromKey,
} from '@matchlog/ledger';
import { b64, keyFor, vector } from './fixtures';

const formats = vector<{ sumdbCheckpoint: { verifierKey: string; note: string; origin: string; size: number } }>('transparency-dev-formats/formats.json');
const tlog = vector<{ treeNote: { text: string; size: number; recordHashOf: string }; badTreeNotes: string[] }>('golang-mod-sumdb/tlog.json');
const c2sp = vector<{ checkpoint: string }>('c2sp/examples.json');

describe('checkpoints (C2SP tlog-checkpoint)', () => {
  it('opens a real sum.golang.org checkpoint with its published key (transparency-dev/formats TestSumDBNoteParsing)', () => {
    const { verifierKey, note, origin, size } = formats.sumdbCheckpoint;
    const { checkpoint } = openCheckpoint(note, [verifierFromKey(verifierKey)], origin);
    expect(checkpoint).toMatchObject({ origin, size, extensions: [] });
    expect(Buffer.from(checkpoint.root).toString('base64')).toBe('mb8QLQIs0Z0yP5Cstq6guj87oXWeC9gEM8oVikmm9Wk=');
    expect(() => openCheckpoint(note, [verifierFromKey(verifierKey)], 'Go rocks but I might have the wrong ID')).toThrow(expect.objectContaining({ code: 'MALFORMED_CHECKPOINT' }));
  });

  it("formats sumdb/tlog's golden tree note (TestFormatTree), whose root is the leaf hash of hello world", () => {
    const { text, size, recordHashOf } = tlog.treeNote;
    const root = leafHash(Buffer.from(recordHashOf));
    expect(formatCheckpoint({ origin: 'go.sum database tree', size, root, extensions: [] })).toBe(text);
    expect(parseCheckpoint(text)).toEqual({ origin: 'go.sum database tree', size, root, extensions: [] });
  });

  it.each(tlog.badTreeNotes)('refuses the bad tree note %j (TestParseTree)', (text) =>
    expect(() => parseCheckpoint(text)).toThrow(expect.objectContaining({ code: 'MALFORMED_CHECKPOINT' })),
  );

  it('parses the C2SP example', () => {
    const checkpoint = parseCheckpoint(parseNote(c2sp.checkpoint).text);
    expect(checkpoint).toEqual({ origin: 'example.com/behind-the-sofa', size: 20852163, root: b64('CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I='), extensions: [] });
  });

  const root = 'CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=';
  it.each([
    ['no final newline', `o\n1\n${root}`],
    ['two lines', `o\n1\n`],
    ['an empty origin', `\n1\n${root}\n`],
    ['a leading zero', `o\n01\n${root}\n`],
    ['a sign', `o\n+1\n${root}\n`],
    ['a size over 2^53', `o\n9007199254740993\n${root}\n`],
    ['a short root', `o\n1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2=\n`],
    ['unpadded base64', `o\n1\n${root.slice(0, -1)}\n`],
    ['non-canonical base64', `o\n1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2J=\n`],
    ['an empty extension line', `o\n1\n${root}\n\next\n`],
  ])('refuses a checkpoint with %s', (_, text) => expect(() => parseCheckpoint(text)).toThrow(expect.objectContaining({ code: 'MALFORMED_CHECKPOINT' })));

  it('keeps extension lines, and a log signature covers them', () => {
    const key = keyFor('log');
    const text = formatCheckpoint({ origin: 'matchlog.example/a', size: 3, root: b64(root), extensions: ['ext one', 'ext two'] });
    expect(parseCheckpoint(text).extensions).toEqual(['ext one', 'ext two']);
    const note = signNote(text, [ed25519NoteSigner('matchlog.example/a', key)]);
    const verifier = verifierFromKey(formatVerifierKey('matchlog.example/a', SIGNATURE_TYPE_ED25519, rawPublicKey(key)));
    expect(openCheckpoint(note, [verifier], 'matchlog.example/a').checkpoint.size).toBe(3);
    expect(() => openCheckpoint(note.replace('ext two', 'ext 2'), [verifier])).toThrow(expect.objectContaining({ code: 'INVALID_SIGNATURE' }));
  });
});
