import { Ed25519Jwk, Finding, LogToVerify, SignedHead, auditMatch, checkCommitments, knowledgeAt, knowledgeLedger, verifyLog } from '@matchlog/audit';
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

const verifyText = {
  en: {
    intact: (count: number, head: string) => `chain intact: ${count} events, head ${head}`,
    signed: (revision: number, matchId: string, time: string) => `signed head: match "${matchId}", revision ${revision}, signed at ${time}`,
    pinned: (fp: string) => `signing key: ${fp} (pinned with --key)`,
    unpinned: (fp: string) => `signing key: ${fp} (not pinned: compare it with the server's /.well-known/jwks.json, or pass --key jwks.json)`,
    unsigned: 'UNSIGNED: the log has no signed head (accepted with --allow-unsigned); nothing proves who wrote it or that its last events are all there',
    receipt: (revision: number) => `receipt: the log extends the head of revision ${revision} the receipt names`,
    refused: (code: string, line: number | undefined) => `REFUSED (${code})${line !== undefined ? ` at line ${line}` : ''}:`,
    key: (fp: string) => `signing key: ${fp}`,
    broken: (line: number) => `chain BROKEN at line ${line}`,
    commitmentsOk: 'shuffle commitments: all match',
    commitments: (n: number) => `shuffle commitments: ${n} problem(s)`,
  },
  es: {
    intact: (count: number, head: string) => `cadena intacta: ${count} eventos, cabeza ${head}`,
    signed: (revision: number, matchId: string, time: string) => `cabeza firmada: partida "${matchId}", revisión ${revision}, firmada el ${time}`,
    pinned: (fp: string) => `clave de firma: ${fp} (fijada con --key)`,
    unpinned: (fp: string) => `clave de firma: ${fp} (sin fijar: compárela con /.well-known/jwks.json del servidor, o use --key jwks.json)`,
    unsigned: 'SIN FIRMA: el registro no tiene cabeza firmada (aceptado con --allow-unsigned); nada prueba quién lo escribió ni que estén todos sus últimos eventos',
    receipt: (revision: number) => `recibo: el registro extiende la cabeza de la revisión ${revision} que indica el recibo`,
    refused: (code: string, line: number | undefined) => `RECHAZADO (${code})${line !== undefined ? ` en la línea ${line}` : ''}:`,
    key: (fp: string) => `clave de firma: ${fp}`,
    broken: (line: number) => `cadena ROTA en la línea ${line}`,
    commitmentsOk: 'compromisos de barajado: todos coinciden',
    commitments: (n: number) => `compromisos de barajado: ${n} problema(s)`,
  },
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
  const say = verifyText[args.language];
  const lines: string[] = [];
  const { chain } = verdict;
  if (chain.ok) lines.push(say.intact(chain.count, chain.head));
  if (verdict.ok) {
    const { signature } = verdict;
    if (signature === 'unsigned') lines.push(say.unsigned);
    else lines.push(say.signed(signature.revision, signature.matchId, signature.time), signature.pinned ? say.pinned(signature.fingerprint) : say.unpinned(signature.fingerprint));
    if (verdict.receipt) lines.push(say.receipt(verdict.receipt.revision));
  } else if (verdict.code === 'CHAIN_BROKEN') {
    const broken = verdict.chain;
    lines.push(`${say.broken(broken.line)}${broken.eventId ? ` (event ${broken.eventId})` : ''}: ${broken.reason}\n  ${broken.message}`);
  } else {
    lines.push(`${say.refused(verdict.code, verdict.line)}\n  ${verdict.message}`);
    if (verdict.fingerprint) lines.push(say.key(verdict.fingerprint));
  }
  lines.push(findings.length === 0 ? say.commitmentsOk : `${say.commitments(findings.length)}\n${findings.map(findingLine).join('\n')}`);
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
