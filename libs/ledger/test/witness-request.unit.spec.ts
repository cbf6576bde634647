import { formatAddCheckpointRequest, formatWitnessSize, parseAddCheckpointRequest, parseSignatureLines, parseWitnessSize } from '@matchlog/ledger';
import { vector } from './fixtures';

const c2sp = vector<{ addCheckpointRequest: string; checkpoint: string; witnessResponse: string }>('c2sp/examples.json');

describe('add-checkpoint bodies (C2SP tlog-witness)', () => {
  it('parses the spec example and writes it back byte for byte', () => {
    const request = parseAddCheckpointRequest(c2sp.addCheckpointRequest);
    expect(request.oldSize).toBe(20852014);
    expect(request.proof.map((h) => Buffer.from(h).toString('base64'))).toEqual([
      'PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=',
      'jrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=',
      '5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=',
      '/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=',
    ]);
    expect(request.checkpoint.startsWith('example.com/behind-the-sofa\n20852163\n')).toBe(true);
    expect(formatAddCheckpointRequest(request)).toBe(c2sp.addCheckpointRequest);
  });

  it('reads old size 0 with no proof', () => expect(parseAddCheckpointRequest(`old 0\n\n${c2sp.checkpoint}`)).toMatchObject({ oldSize: 0, proof: [] }));

  const hash = 'PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=';
  it.each([
    ['no blank line', `old 1\n${hash}\n`],
    ['no old line', `${hash}\n\n${c2sp.checkpoint}`],
    ['a leading zero', `old 01\n\n${c2sp.checkpoint}`],
    ['a bad hash', `old 1\nnot-a-hash\n\n${c2sp.checkpoint}`],
    ['64 proof lines', `old 1\n${`${hash}\n`.repeat(64)}\n${c2sp.checkpoint}`],
  ])('refuses a body with %s', (_, body) => expect(() => parseAddCheckpointRequest(body)).toThrow(expect.objectContaining({ code: 'MALFORMED_WITNESS_REQUEST' })));

  it('writes and reads the 409 size body', () => {
    expect(formatWitnessSize(20852014)).toBe('20852014\n');
    expect(parseWitnessSize('20852014\n')).toBe(20852014);
    expect(() => parseWitnessSize('20852014')).toThrow(expect.objectContaining({ code: 'MALFORMED_WITNESS_REQUEST' }));
  });

  it("reads the spec example's response: signature lines", () =>
    expect(parseSignatureLines(c2sp.witnessResponse).map((s) => s.name)).toEqual(['witness.example/w1', 'witness.example/w1', 'witness.example/w2']));
});
