import {
  SIGNATURE_TYPE_ED25519,
  ed25519NoteSigner,
  formatSignerKey,
  formatVerifierKey,
  keyIdOf,
  openNote,
  parseNote,
  parseSignerKey,
  parseVerifierKey,
  rawPublicKey,
  signNote,
  signerFromKey,
  verifierFromKey,
} from '@matchlog/ledger';
import { keyFor, vector } from './fixtures';

const go = vector<{
  peterVerifierKey: string;
  peterSignerKey: string;
  enochVerifierKey: string;
  badVerifierKeys: string[];
  text: string;
  signed: string;
  peterSig: string;
  enochSig: string;
  badMessages: string[];
  invalidSignature: string;
}>('golang-mod-sumdb/note.json');
const c2sp = vector<{ signedNote: { verifierKey: string; note: string }; poem: string }>('c2sp/examples.json');
const formats = vector<{ keyPairs: [string, string][] }>('transparency-dev-formats/formats.json');

describe('keys (C2SP signed-note, sumdb/note)', () => {
  it('reads the sumdb/note verifier keys, with the key ID SHA-256(name || 0x0A || 0x01 || key)[:4]', () => {
    const peter = parseVerifierKey(go.peterVerifierKey);
    expect(peter).toMatchObject({ name: 'PeterNeumann', keyId: 0xc74f20a3, type: SIGNATURE_TYPE_ED25519 });
    expect(keyIdOf('PeterNeumann', 1, peter.publicKey)).toBe(0xc74f20a3);
    expect(formatVerifierKey(peter.name, peter.type, peter.publicKey)).toBe(go.peterVerifierKey);
  });

  it('refuses every substring and every one-character change of a verifier key (TestNewVerifier)', () => {
    const key = go.peterVerifierKey;
    const mangled: string[] = [...go.badVerifierKeys];
    for (let i = 0; i <= key.length; i++) for (let j = i + 1; j <= key.length; j++) if (i !== 0 || j !== key.length) mangled.push(key.slice(i, j));
    for (let i = 0; i < key.length; i++) mangled.push(key.slice(0, i) + String.fromCharCode(key.charCodeAt(i) + 1) + key.slice(i + 1));
    const accepted = mangled.filter((k) => {
      try {
        parseVerifierKey(k);
        return true;
      } catch {
        return false;
      }
    });
    expect(accepted).toEqual([]);
  });

  it('derives the verifier key of each signer key (sumdb/note, transparency-dev/formats pairs)', () => {
    for (const [vkey, skey] of [[go.peterVerifierKey, go.peterSignerKey], ...formats.keyPairs]) {
      const signer = parseSignerKey(skey);
      expect(formatVerifierKey(signer.name, SIGNATURE_TYPE_ED25519, signer.publicKey)).toBe(vkey);
      expect(formatSignerKey(signer.name, signer.seed)).toBe(skey);
    }
  });
});

describe('notes', () => {
  const peter = verifierFromKey(go.peterVerifierKey);
  const enoch = verifierFromKey(go.enochVerifierKey);

  it("signs sumdb/note's text to its published note, byte for byte (TestSign)", () => expect(signNote(go.text, [signerFromKey(go.peterSignerKey)])).toBe(go.signed));

  it('replaces a kept signature of the same key', () => {
    const kept = parseNote(go.text + '\n' + go.enochSig).signatures;
    expect(signNote(go.text, [signerFromKey(go.peterSignerKey)], kept)).toBe(go.text + '\n' + go.enochSig + go.peterSig);
  });

  it('opens a note with one known key and sets the unknown one aside (TestOpen)', () => {
    const opened = openNote(go.text + '\n' + go.peterSig + go.enochSig, [peter]);
    expect(opened.text).toBe(go.text);
    expect(opened.verified.map((s) => s.name)).toEqual(['PeterNeumann']);
    expect(opened.unverified.map((s) => [s.name, s.keyId])).toEqual([['EnochRoot', 0xaf0cfe78]]);
    expect(openNote(go.text + '\n' + go.peterSig + go.enochSig, [peter, enoch]).verified).toHaveLength(2);
  });

  it('refuses a note with no known signature, two verifiers of one key, or a bad known signature', () => {
    expect(() => openNote(go.signed, [])).toThrow(expect.objectContaining({ code: 'UNVERIFIED_NOTE' }));
    expect(() => openNote(go.text + '\n' + go.enochSig, [enoch, peter, enoch])).toThrow(expect.objectContaining({ code: 'AMBIGUOUS_KEY' }));
    expect(() => openNote(go.invalidSignature, [peter])).toThrow(expect.objectContaining({ code: 'INVALID_SIGNATURE' }));
  });

  it.each(go.badMessages.map((m, i) => [i, m]))('refuses malformed message %i of TestOpen', (_, message) =>
    expect(() => openNote(message as string, [peter])).toThrow(expect.objectContaining({ code: 'MALFORMED_NOTE' })),
  );

  it('refuses bytes that are not UTF-8', () =>
    expect(() => openNote(Buffer.concat([Buffer.from([0xff]), Buffer.from(go.signed)]), [peter])).toThrow(expect.objectContaining({ code: 'MALFORMED_NOTE' })));

  it('verifies the C2SP signed-note example with its verifier key', () => {
    const opened = openNote(c2sp.signedNote.note, [verifierFromKey(c2sp.signedNote.verifierKey)]);
    expect(opened.text).toBe('This is an example message.\n');
  });

  it('splits the text from the signatures at the last blank line (the C2SP poem)', () => {
    const note = parseNote(c2sp.poem);
    expect(note.text).toBe('Ognuno sta solo sul cuor della terra\ntrafitto da un raggio di sole:\n\ned è subito sera.\n');
    expect(note.signatures.map((s) => s.name)).toEqual(['quasimodo.example/salvatore']);
  });

  it('round-trips a note signed with a KeyObject, and a changed text no longer verifies', () => {
    const key = keyFor('log');
    const signer = ed25519NoteSigner('matchlog.example/log', key);
    const verifier = verifierFromKey(formatVerifierKey('matchlog.example/log', SIGNATURE_TYPE_ED25519, rawPublicKey(key)));
    const note = signNote('one\n\ntwo\n', [signer]);
    expect(openNote(note, [verifier]).text).toBe('one\n\ntwo\n');
    expect(() => openNote(note.replace('two', 'tw0'), [verifier])).toThrow(expect.objectContaining({ code: 'INVALID_SIGNATURE' }));
  });
});
