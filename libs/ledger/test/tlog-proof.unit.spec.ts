import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  SIGNATURE_TYPE_ED25519,
  checkTlogProof,
  cosign,
  ed25519Cosigner,
  ed25519NoteSigner,
  formatCheckpoint,
  formatSignatureLine,
  formatTlogProof,
  formatVerifierKey,
  inclusionProof,
  parsePolicy,
  parseTlogProof,
  rawPublicKey,
  rootOf,
  signNote,
} from '@matchlog/ledger';
import { flipped, keyFor, leavesOf } from './fixtures';

const origin = 'matchlog.example/event';
const leaves = leavesOf(21);
const text = formatCheckpoint({ origin, size: leaves.length, root: rootOf(leaves), extensions: [] });
const checkpoint = signNote(text, [ed25519NoteSigner(origin, keyFor('log'))]) + formatSignatureLine(cosign(ed25519Cosigner('w1.example', keyFor('w1')), text, 1700000000));
const policy = parsePolicy(
  `log ${formatVerifierKey(origin, SIGNATURE_TYPE_ED25519, rawPublicKey(keyFor('log')))}\nwitness w1 ${formatVerifierKey('w1.example', SIGNATURE_TYPE_COSIGNATURE_V1, rawPublicKey(keyFor('w1')))}\nquorum w1\n`,
);

describe('proof files (C2SP tlog-proof)', () => {
  it('writes the spec layout: header, extra, index, proof lines, blank line, checkpoint', () => {
    const proof = { extra: Buffer.from('age-v1.2.1'), index: 7, inclusion: inclusionProof(7, leaves), checkpoint };
    const file = formatTlogProof(proof);
    const lines = file.split('\n');
    expect(lines.slice(0, 3)).toEqual(['c2sp.org/tlog-proof@v1', `extra ${Buffer.from('age-v1.2.1').toString('base64')}`, 'index 7']);
    expect(lines[3 + proof.inclusion.length]).toBe('');
    expect(file.endsWith(`\n\n${checkpoint}`)).toBe(true);
    expect(parseTlogProof(file)).toEqual(proof);
    expect(parseTlogProof(formatTlogProof({ index: 0, inclusion: [], checkpoint }))).toEqual({ index: 0, inclusion: [], checkpoint });
  });

  it.each([
    ['another header', 'c2sp.org/tlog-proof@v2\nindex 1\n\nx\n'],
    ['no index', 'c2sp.org/tlog-proof@v1\n\nx\n'],
    ['a leading zero', 'c2sp.org/tlog-proof@v1\nindex 01\n\nx\n'],
    ['bad extra', 'c2sp.org/tlog-proof@v1\nextra !!\nindex 1\n\nx\n'],
    ['a bad hash', 'c2sp.org/tlog-proof@v1\nindex 1\nabc\n\nx\n'],
  ])('refuses a file with %s', (_, file) => expect(() => parseTlogProof(file)).toThrow(expect.objectContaining({ code: 'MALFORMED_PROOF' })));

  it('verifies offline: the log signed, the quorum cosigned, the entry is at its index', () => {
    for (const index of [0, 7, 20]) {
      const proof = parseTlogProof(formatTlogProof({ index, inclusion: inclusionProof(index, leaves), checkpoint }));
      expect(checkTlogProof(proof, leaves[index], policy).witnesses).toEqual(['w1']);
    }
  });

  it('refuses another entry, another index, or a flipped proof byte', () => {
    const proof = { index: 7, inclusion: inclusionProof(7, leaves), checkpoint };
    expect(() => checkTlogProof(proof, leaves[8], policy)).toThrow(expect.objectContaining({ code: 'PROOF_FAILED' }));
    expect(() => checkTlogProof({ ...proof, index: 6 }, leaves[7], policy)).toThrow(expect.objectContaining({ code: 'PROOF_FAILED' }));
    expect(() => checkTlogProof({ ...proof, inclusion: proof.inclusion.map((h, i) => (i === 1 ? flipped(h) : h)) }, leaves[7], policy)).toThrow(
      expect.objectContaining({ code: 'PROOF_FAILED' }),
    );
  });

  it('refuses a checkpoint without the quorum', () => {
    const logOnly = signNote(text, [ed25519NoteSigner(origin, keyFor('log'))]);
    expect(() => checkTlogProof({ index: 7, inclusion: inclusionProof(7, leaves), checkpoint: logOnly }, leaves[7], policy)).toThrow(
      expect.objectContaining({ code: 'QUORUM_NOT_MET' }),
    );
  });
});
