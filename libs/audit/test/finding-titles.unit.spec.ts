import { readFileSync } from 'fs';
import { join } from 'path';
import { auditMatch } from '../src/audit-match';
import { parseJsonLines } from '../src/chain/json-lines';
import { AnyFindingCode, deckCodes, findingCodes, findingTitles } from '../src/findings';

const corpus = join(__dirname, '..', '..', '..', 'examples', 'audit');
const load = (file: string) => {
  const log = parseJsonLines(readFileSync(join(corpus, file), 'utf8'));
  if ('error' in log) throw new Error(log.error.message);
  return log.events;
};

describe("findings' titles, in the language of their messages", () => {
  const every: AnyFindingCode[] = [
    ...findingCodes,
    ...(Object.keys(deckCodes) as AnyFindingCode[]),
    'SHUFFLE_COMMITMENT_MISMATCH',
    'DRAW_NOT_FROM_COMMITTED_ORDER',
    'SELF_AUDIT_LEAK',
  ];

  it('titles every code in English and in Spanish, and the two differ', () => {
    expect(Object.keys(findingTitles.en).sort()).toEqual([...every].sort());
    expect(Object.keys(findingTitles.es).sort()).toEqual([...every].sort());
    for (const code of every) {
      expect(findingTitles.en[code]).toMatch(/^[A-Z]/);
      expect(findingTitles.es[code]).toMatch(/^[A-ZÁÉÍÓÚ]/);
      expect(findingTitles.es[code]).not.toBe(findingTitles.en[code]);
    }
  });

  it.each([
    ['lorcana/look-without-effect.jsonl', 'Looked at a private zone without an effect', 'Miró una zona privada sin un efecto'],
    ['lorcana/slow-turn.jsonl', 'Slow turn', 'Turno lento'],
    ['four-souls/discard-order-changed.jsonl', 'Discard order changed', 'Cambió el orden de un descarte'],
  ])('%s: the audit titles its finding "%s", in Spanish "%s"', (file, en, es) => {
    const events = load(file);
    expect(auditMatch(events, { selfAudit: false }).map((f) => f.title)).toEqual([en]);
    const spanish = auditMatch(events, { selfAudit: false, language: 'es' });
    expect(spanish.map((f) => f.title)).toEqual([es]);
    expect(spanish[0].message).not.toBe(auditMatch(events, { selfAudit: false })[0].message);
  });
});
