import { Ed25519Jwk, Finding, LogToVerify, SignedHead, auditMatch, checkCommitments, knowledgeAt, knowledgeLedger, verifyLog } from '@matchlog/audit';
import { BROADCAST, JUDGE, MatchEvent, PUBLIC, Replay, audiencesOf, emptyMatch, evolve, rulesets, zoneRefOfKey } from '@matchlog/domain';
import { judgeViewExposure } from '@matchlog/matches';
import { CliArgs, UsageError } from './args';
import { CliMessages, messagesIn } from './messages';
import { renderView } from './render-view';

export interface CommandResult {
  readonly output: string;
  /** 0: nothing wrong; 1: violations found or the chain is broken */
  readonly exitCode: 0 | 1;
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);

const findingLine =
  (m: CliMessages) =>
  (f: Finding): string =>
    `  r${f.revision}  ${f.code}  (${f.rule}, ${m.severity(f.severity)}${f.players.length ? `, ${f.players.join(' ')}` : ''})\n      ${f.message}`;

const revisionIn = (events: readonly MatchEvent[], { at, language }: CliArgs): number => {
  if (at === undefined) return events.length;
  if (at > events.length) throw new UsageError(messagesIn(language).pastTheEnd(at, events.length));
  return at;
};

export const audit = (events: readonly MatchEvent[], args: CliArgs): CommandResult => {
  const findings = auditMatch(events, { language: args.language });
  const violations = findings.filter((f) => f.severity === 'violation').length;
  const m = messagesIn(args.language);
  const output = args.json
    ? json({ revision: events.length, findings })
    : findings.length === 0
      ? m.noFindings(events.length)
      : [m.findingsSummary(events.length, findings.length, violations), ...findings.map(findingLine(m))].join('\n');
  return { output, exitCode: violations > 0 ? 1 : 0 };
};

export interface VerifyInputs {
  /** keys pinned with --key */
  readonly pinned?: readonly Ed25519Jwk[];
  /** the receipt read from --receipt */
  readonly receipt?: SignedHead;
}

export const verify = (log: LogToVerify, args: CliArgs, inputs: VerifyInputs = {}): CommandResult => {
  const verdict = verifyLog(log, { pinned: inputs.pinned, receipt: inputs.receipt, allowUnsigned: args.allowUnsigned, language: args.language });
  const findings = checkCommitments(log.events, { language: args.language });
  const ok = verdict.ok && findings.length === 0;
  if (args.json) return { output: json({ ...verdict, ok, findings }), exitCode: ok ? 0 : 1 };
  const m = messagesIn(args.language);
  const lines: string[] = [];
  const { chain } = verdict;
  if (chain.ok) lines.push(m.chainIntact(chain.count, chain.head));
  if (verdict.ok) {
    const { signature } = verdict;
    if (signature === 'unsigned') lines.push(m.unsigned);
    else
      lines.push(
        m.signedHead(signature.revision, signature.matchId, signature.time),
        signature.pinned ? m.keyPinned(signature.fingerprint) : m.keyNotPinned(signature.fingerprint),
      );
    if (verdict.receipt) lines.push(m.receiptExtended(verdict.receipt.revision));
  } else if (verdict.code === 'CHAIN_BROKEN') {
    const broken = verdict.chain;
    lines.push(`${m.chainBroken(broken.line, broken.eventId, broken.reason)}\n  ${m.chainDetail(broken.reason, broken.message)}`);
  } else {
    lines.push(`${m.refused(verdict.code, verdict.line)}\n  ${verdict.message}`);
    if (verdict.fingerprint) lines.push(m.signingKey(verdict.fingerprint));
  }
  lines.push(findings.length === 0 ? m.commitmentsMatch : `${m.commitmentProblems(findings.length)}\n${findings.map(findingLine(m)).join('\n')}`);
  return { output: lines.join('\n'), exitCode: ok ? 0 : 1 };
};

export const replay = (events: readonly MatchEvent[], args: CliArgs): CommandResult => {
  const audience = args.as!;
  const layout = events[0]?.type === 'MatchCreated' ? evolve(emptyMatch, events[0]).layout : null;
  // the match's own audiences: a broadcast only where the match asks for one
  const audiences = layout === null ? [PUBLIC, JUDGE] : audiencesOf(layout);
  if (!audiences.includes(audience)) throw new UsageError(messagesIn(args.language).unknownAudience(audience, audiences));
  const view = new Replay(events).viewAt(audience, revisionIn(events, args));
  return { output: args.json ? json(view) : renderView(view, messagesIn(args.language)), exitCode: 0 };
};

export const knowledge = (events: readonly MatchEvent[], args: CliArgs): CommandResult => {
  const report = knowledgeAt(events, revisionIn(events, args), knowledgeLedger(events));
  // the log is a judge's view: what it names that each audience could not, up to the revision asked
  const exposes = judgeViewExposure(events.slice(0, report.revision));
  if (args.json) return { output: json({ ...report, exposes }), exitCode: 0 };
  const m = messagesIn(args.language);
  const lines = [m.knowledgeHeading(report.revision, report.game), ''];
  for (const deck of report.decks) {
    lines.push(m.deckLine(deck.zone, deck.count, deck.random));
    for (const p of deck.positions.filter((p) => !p.random)) lines.push(m.knownPosition(p.position, `${p.definition} [${p.cardId}]`, p.knownTo));
  }
  lines.push('', m.hiddenKnownHeading);
  // a card in plain view (face up in a public zone) is known to all; the others are what a judge asks about
  const ruleset = report.game === null ? undefined : rulesets[report.game];
  const inPlainView = (c: (typeof report.cards)[number]) => !c.faceDown && ruleset?.zones.find((z) => z.name === zoneRefOfKey(c.zone).zone)?.visibility === 'public';
  // the broadcast knows what the players know, so it is never news here
  const byOthers = (c: (typeof report.cards)[number]) => c.knownBy.filter((k) => k.audience !== c.owner && k.audience !== BROADCAST);
  const notable = report.cards.filter((c) => !inPlainView(c) && byOthers(c).length > 0);
  for (const card of notable) {
    const how = byOthers(card).map((k) => m.knownBy(k.audience, k.how, k.revision));
    lines.push(m.hiddenKnownCard(`${card.definition} [${card.cardId}]`, card.zone, how));
  }
  if (notable.length === 0) lines.push(m.none);
  lines.push('', m.exposureHeading(report.revision));
  for (const e of exposes)
    lines.push(
      m.exposureLine(
        e.audience,
        e.zones.map((z) => m.exposedZone(z.zone, z.cards, z.ordered)),
      ),
    );
  return { output: lines.join('\n'), exitCode: 0 };
};
