import { ChainHead, Finding, auditMatch, checkCommitments, knowledgeAt, knowledgeLedger, verifyChain } from '@matchlog/audit';
import { JUDGE, MatchEvent, PUBLIC, Replay, rulesets, zoneRefOfKey } from '@matchlog/domain';
import { CliArgs, UsageError } from './args';
import { renderView } from './render-view';

export interface CommandResult {
  readonly output: string;
  /** 0: nothing wrong; 1: violations found or the chain is broken */
  readonly exitCode: 0 | 1;
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);

const findingLine = (f: Finding): string => `  r${f.revision}  ${f.code}  (${f.rule}, ${f.severity}${f.players.length ? `, ${f.players.join(' ')}` : ''})\n      ${f.message}`;

const revisionIn = (events: readonly MatchEvent[], at: number | undefined): number => {
  if (at === undefined) return events.length;
  if (at > events.length) throw new UsageError(`--at ${at} is past the end of this log: it has ${events.length} events`);
  return at;
};

export const audit = (events: readonly MatchEvent[], args: CliArgs): CommandResult => {
  const findings = auditMatch(events, { language: args.language });
  const violations = findings.filter((f) => f.severity === 'violation').length;
  const output = args.json
    ? json({ revision: events.length, findings })
    : findings.length === 0
      ? `${events.length} events: no findings`
      : [`${events.length} events: ${findings.length} finding(s), ${violations} violation(s)`, ...findings.map(findingLine)].join('\n');
  return { output, exitCode: violations > 0 ? 1 : 0 };
};

export const verify = (events: readonly MatchEvent[], head: ChainHead | undefined, args: CliArgs): CommandResult => {
  const chain = verifyChain(events, head);
  const findings = checkCommitments(events, { language: args.language });
  const ok = chain.ok && findings.length === 0;
  if (args.json) return { output: json({ ok, chain, findings }), exitCode: ok ? 0 : 1 };
  const lines = [
    chain.ok ? `chain intact: ${chain.count} events, head ${chain.head}${head ? ' (matches the chain line)' : ''}` : `chain BROKEN at line ${chain.line}${chain.eventId ? ` (event ${chain.eventId})` : ''}: ${chain.reason}\n  ${chain.message}`,
    findings.length === 0 ? 'shuffle commitments: all match' : `shuffle commitments: ${findings.length} problem(s)\n${findings.map(findingLine).join('\n')}`,
  ];
  return { output: lines.join('\n'), exitCode: ok ? 0 : 1 };
};

export const replay = (events: readonly MatchEvent[], args: CliArgs): CommandResult => {
  const audience = args.as!;
  const created = events[0]?.type === 'MatchCreated' ? events[0].data : undefined;
  const players = created?.players.map((p) => p.id) ?? [];
  if (audience !== PUBLIC && audience !== JUDGE && !players.includes(audience)) {
    throw new UsageError(`--as ${audience}: this match's audiences are ${[...players, PUBLIC, JUDGE].join(', ')}`);
  }
  const view = new Replay(events).viewAt(audience, revisionIn(events, args.at));
  return { output: args.json ? json(view) : renderView(view), exitCode: 0 };
};

export const knowledge = (events: readonly MatchEvent[], args: CliArgs): CommandResult => {
  const report = knowledgeAt(events, revisionIn(events, args.at), knowledgeLedger(events));
  if (args.json) return { output: json(report), exitCode: 0 };
  const lines = [`knowledge at revision ${report.revision} (${report.game ?? 'no match'})`, ''];
  for (const deck of report.decks) {
    lines.push(`${deck.zone}: ${deck.count} cards, ${deck.random.length} still random${deck.random.length ? ` (positions ${deck.random.join(', ')})` : ''}`);
    for (const p of deck.positions.filter((p) => !p.random)) lines.push(`  position ${p.position}: ${p.definition} [${p.cardId}] known to ${p.knownTo.join(', ')}`);
  }
  lines.push('', 'hidden cards someone other than their owner can identify:');
  // a card in plain view (face up in a public zone) is known to all; the others are what a judge asks about
  const ruleset = report.game === null ? undefined : rulesets[report.game];
  const inPlainView = (c: (typeof report.cards)[number]) => !c.faceDown && ruleset?.zones.find((z) => z.name === zoneRefOfKey(c.zone).zone)?.visibility === 'public';
  const byOthers = (c: (typeof report.cards)[number]) => c.knownBy.filter((k) => k.audience !== c.owner);
  const notable = report.cards.filter((c) => !inPlainView(c) && byOthers(c).length > 0);
  for (const card of notable) {
    const how = byOthers(card).map((k) => `${k.audience} (${k.how} at r${k.revision})`);
    lines.push(`  ${card.definition} [${card.cardId}] in ${card.zone}: ${how.join(', ')}`);
  }
  if (notable.length === 0) lines.push('  none');
  return { output: lines.join('\n'), exitCode: 0 };
};
