import {
  SIGNATURE_TYPE_COSIGNATURE_V1,
  SIGNATURE_TYPE_ED25519,
  checkCheckpoint,
  cosign,
  ed25519Cosigner,
  ed25519NoteSigner,
  formatCheckpoint,
  formatSignatureLine,
  formatVerifierKey,
  parsePolicy,
  quorumMet,
  rawPublicKey,
  signNote,
} from '@matchlog/ledger';
import { flipped, keyFor, vector } from './fixtures';

const formats = vector<{ policies: Record<string, string>; badPolicies: Record<string, string> }>('transparency-dev-formats/formats.json');

const C2SP_EXAMPLE = (vkey: (name: string) => string) => `log ${vkey('log')}

witness X1 ${vkey('X1')}
witness X2 ${vkey('X2')}
witness X3 ${vkey('X3')}
group X-witnesses 2 X1 X2 X3

witness Y1 ${vkey('Y1')}
witness Y2 ${vkey('Y2')}
witness Y3 ${vkey('Y3')}
group Y-witnesses any Y1 Y2 Y3

group X-and-Y all X-witnesses Y-witnesses
quorum X-and-Y
`;
const origin = 'matchlog.example/event';
const vkeyOf = (name: string) =>
  name === 'log'
    ? formatVerifierKey(origin, SIGNATURE_TYPE_ED25519, rawPublicKey(keyFor('log')))
    : formatVerifierKey(`${name}.witness.example`, SIGNATURE_TYPE_COSIGNATURE_V1, rawPublicKey(keyFor(name)));

describe('policy files (C2SP tlog-policy)', () => {
  it('parses the transparency-dev/formats policies', () => {
    for (const name of ['tidy', 'whitespaceAndComments']) {
      const policy = parsePolicy(formats.policies[name]);
      expect(policy.witnesses.map((w) => [w.name, w.url])).toEqual([
        ['w1', 'https://sigsum.org/witness/'],
        ['w2', 'https://example.com/witness/'],
      ]);
      expect(policy.groups).toEqual([{ name: 'g1', threshold: 2, members: ['w1', 'w2'] }]);
      expect(policy.quorum).toBe('g1');
    }
  });

  it('refuses a public key listed twice, as C2SP says (transparency-dev/formats accepts it)', () =>
    expect(() => parsePolicy(formats.policies.groupNumericalWithARepeatedKey)).toThrow(/listed twice/));

  it.each(Object.entries(formats.badPolicies))('refuses the transparency-dev/formats bad policy: %s', (_, text) =>
    expect(() => parsePolicy(text)).toThrow(expect.objectContaining({ code: 'MALFORMED_POLICY' })),
  );

  it.each([
    ['two quorum lines', 'quorum none\nquorum none\n'],
    ['a group naming a later witness', `group g any w1\nwitness w1 ${vkeyOf('w1')}\nquorum g\n`],
    ['a member in two groups', `witness w1 ${vkeyOf('w1')}\ngroup a any w1\ngroup b any w1\nquorum b\n`],
    ['k above n', `witness w1 ${vkeyOf('w1')}\ngroup a 2 w1\nquorum a\n`],
    ['a control character', `quorum none\r\n`],
    ['a log with a cosignature key', `log ${vkeyOf('w1')}\nquorum none\n`],
    ['an unknown keyword', 'monitor x\nquorum none\n'],
  ])('refuses %s', (_, text) => expect(() => parsePolicy(text)).toThrow(expect.objectContaining({ code: 'MALFORMED_POLICY' })));

  it("evaluates the spec example's two-level quorum", () => {
    const policy = parsePolicy(C2SP_EXAMPLE(vkeyOf));
    const met = (...names: string[]) => quorumMet(policy, new Set(names));
    expect(met('X1', 'X2', 'Y3')).toBe(true);
    expect(met('X1', 'X3', 'Y1', 'Y2')).toBe(true);
    expect(met('X1', 'Y1', 'Y2', 'Y3')).toBe(false);
    expect(met('X1', 'X2', 'X3')).toBe(false);
    expect(met()).toBe(false);
    expect(quorumMet(parsePolicy('quorum none\n'), new Set())).toBe(true);
  });
});

describe('a checkpoint against a policy', () => {
  const policy = parsePolicy(C2SP_EXAMPLE(vkeyOf));
  const text = formatCheckpoint({ origin, size: 5, root: Buffer.alloc(32, 9), extensions: [] });
  const logSigned = signNote(text, [ed25519NoteSigner(origin, keyFor('log'))]);
  const cosigned = (...names: string[]) => logSigned + names.map((n) => formatSignatureLine(cosign(ed25519Cosigner(`${n}.witness.example`, keyFor(n)), text, 1700000000))).join('');

  it('is valid when the log signed it and a quorum cosigned it', () => {
    const checked = checkCheckpoint(cosigned('X1', 'X3', 'Y2'), policy);
    expect(checked.witnesses).toEqual(['X1', 'X3', 'Y2']);
    expect(checked.checkpoint.size).toBe(5);
  });

  it('is refused short of the quorum, and unknown cosigners do not count', () => {
    const stranger = formatSignatureLine(cosign(ed25519Cosigner('X2.witness.example', keyFor('stranger')), text, 1));
    expect(() => checkCheckpoint(cosigned('X1', 'Y2') + stranger, policy)).toThrow(expect.objectContaining({ code: 'QUORUM_NOT_MET' }));
  });

  it('is refused when a known witness signature is bad, or the log is not the origin', () => {
    const good = cosigned('X1', 'X3', 'Y2');
    const lines = good.split('\n');
    const last = lines.length - 2;
    const [dash, name, sig] = lines[last].split(' ');
    lines[last] = [dash, name, flipped(Buffer.from(sig, 'base64'), 20).toString('base64')].join(' ');
    expect(() => checkCheckpoint(lines.join('\n'), policy)).toThrow(expect.objectContaining({ code: 'INVALID_SIGNATURE' }));
    const otherOrigin = signNote(formatCheckpoint({ origin: 'elsewhere.example', size: 5, root: Buffer.alloc(32, 9), extensions: [] }), [
      ed25519NoteSigner('elsewhere.example', keyFor('log')),
    ]);
    expect(() => checkCheckpoint(otherOrigin, policy)).toThrow(expect.objectContaining({ code: 'UNVERIFIED_NOTE' }));
  });
});
