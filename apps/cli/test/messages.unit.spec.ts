import { CliMessages, messagesIn } from '../src/messages';

/** Every message with sample arguments: a message added without a sample does not compile. */
const all = (m: CliMessages): Record<keyof CliMessages, string> => ({
  noFindings: m.noFindings(46),
  findingsSummary: m.findingsSummary(46, 2, 1),
  severity: [m.severity('violation'), m.severity('warning')].join(),
  chainIntact: m.chainIntact(46, 'ab12'),
  chainBroken: [
    m.chainBroken(10, 'e9', 'changed'),
    m.chainBroken(47, undefined, 'removed or reordered'),
    m.chainBroken(3, 'e2', 'added'),
    m.chainBroken(1, 'e0', 'unchained'),
  ].join(),
  chainDetail: (['changed', 'removed or reordered', 'added', 'unchained'] as const).map((reason) => m.chainDetail(reason, `line 3 ${reason}`)).join(),
  commitmentsMatch: m.commitmentsMatch,
  signedHead: m.signedHead(46, 'lyon-r3-t12', '2026-11-23T10:00:00.000Z'),
  keyPinned: m.keyPinned('fp1'),
  keyNotPinned: m.keyNotPinned('fp1'),
  signingKey: m.signingKey('fp1'),
  unsigned: m.unsigned,
  receiptExtended: m.receiptExtended(40),
  refused: [m.refused('HEAD_MISSING', 47), m.refused('SIGNATURE_INVALID', undefined)].join(),
  commitmentProblems: m.commitmentProblems(2),
  viewHeading: [m.viewHeading('lorcana', 'p2', 20), m.viewHeading(null, 'p2', 0)].join(),
  turnLine: [m.turnLine(5, 'p1'), m.turnLine(0, null)].join(),
  ended: [m.ended('p1', '20 lore'), m.ended(undefined, 'draw')].join(),
  faceDown: m.faceDown,
  exerted: m.exerted,
  damage: m.damage(2),
  queueLine: [m.queueLine('bag', 3, 'p1', true), m.queueLine('stack', 1, null, false)].join(),
  knowledgeHeading: [m.knowledgeHeading(20, 'lorcana'), m.knowledgeHeading(0, null)].join(),
  deckLine: [m.deckLine('deck@p1', 7, [0, 1]), m.deckLine('deck@p2', 5, [])].join(),
  knownPosition: m.knownPosition(5, 'Yzma - Alchemist [c05]', ['p1', 'public']),
  hiddenKnownHeading: m.hiddenKnownHeading,
  knownBy: (['own-zone', 'public-zone', 'drew', 'looked-at', 'revealed', 'found', 'gained-control'] as const).map((how) => m.knownBy('p2', how, 9)).join(),
  hiddenKnownCard: m.hiddenKnownCard('Yzma - Alchemist [c05]', 'deck@p1', ['p2 (x)']),
  none: m.none,
  exposureHeading: m.exposureHeading(20),
  exposedZone: [m.exposedZone('deck@p1', 60, true), m.exposedZone('hand@p2', 1, false)].join(),
  exposureLine: [m.exposureLine('p1', ['x']), m.exposureLine('public', [])].join(),
  pastTheEnd: m.pastTheEnd(999, 46),
  unknownAudience: m.unknownAudience('p9', ['p1', 'p2', 'public', 'judge']),
  cannotRead: m.cannotRead('x.jsonl', 'ENOENT'),
  brokenLog: m.brokenLog('x.jsonl', 'line 2: is not JSON'),
  refusedEvent: m.refusedEvent(3, 'MALFORMED_EVENT', 'data.salt', 'data.salt must be 32 to 128 lowercase hex digits'),
});

describe('the CLI in Spanish', () => {
  const en = all(messagesIn('en'));
  const es = all(messagesIn('es'));
  it.each(Object.keys(en) as (keyof CliMessages)[])('%s is translated', (key) => expect(es[key]).not.toBe(en[key]));

  it('translates each part of a message, not only its first word', () => {
    expect(es.chainBroken).not.toMatch(/changed|removed|added|unchained/);
    expect(es.chainDetail).not.toMatch(/line 3/);
    expect(es.knownBy).not.toMatch(/own-zone|public-zone|drew|looked-at|revealed|found|gained-control| at r/);
    expect(es.queueLine).not.toMatch(/bag|stack|pending|waiting/);
  });
});
