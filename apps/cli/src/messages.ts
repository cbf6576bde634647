import { Language, LearnedHow, Severity } from '@matchlog/audit';

/**
 * Every line the CLI writes for a person, in English and in Spanish (`--lang es`). Codes (finding
 * codes, zone keys such as deck@p1, card ids) stay as they are: tools and the docs name them.
 * The Spanish follows the audit's own (libs/audit/src/findings/messages.ts) and Lorcana's Spanish text.
 */
export interface CliMessages {
  // audit
  noFindings(events: number): string;
  findingsSummary(events: number, findings: number, violations: number): string;
  severity(severity: Severity): string;
  // verify
  chainIntact(count: number, head: string): string;
  chainBroken(line: number, eventId: string | undefined, reason: string): string;
  /** the line under chainBroken: verifyChain's own message (English), or what the reason means */
  chainDetail(reason: string, message: string): string;
  commitmentsMatch: string;
  signedHead(revision: number, matchId: string, time: string): string;
  keyPinned(fingerprint: string): string;
  keyNotPinned(fingerprint: string): string;
  signingKey(fingerprint: string): string;
  unsigned: string;
  receiptExtended(revision: number): string;
  refused(code: string, line: number | undefined): string;
  commitmentProblems(count: number): string;
  // replay
  viewHeading(game: string | null, audience: string, revision: number): string;
  turnLine(turn: number, active: string | null): string;
  ended(winner: string | undefined, reason: string): string;
  faceDown: string;
  exerted: string;
  damage(amount: number): string;
  queueLine(discipline: 'bag' | 'stack', pending: number, nextChooser: string | null, waitingForAction: boolean): string;
  // knowledge
  knowledgeHeading(revision: number, game: string | null): string;
  deckLine(zone: string, count: number, random: readonly number[]): string;
  knownPosition(position: number, card: string, knownTo: readonly string[]): string;
  hiddenKnownHeading: string;
  knownBy(audience: string, how: LearnedHow, revision: number): string;
  hiddenKnownCard(card: string, zone: string, how: readonly string[]): string;
  none: string;
  exposureHeading(revision: number): string;
  exposedZone(zone: string, cards: number, ordered: boolean): string;
  exposureLine(audience: string, zones: readonly string[]): string;
  // errors once the command is known
  pastTheEnd(at: number, events: number): string;
  unknownAudience(audience: string, audiences: readonly string[]): string;
  cannotRead(file: string, why: string): string;
  brokenLog(file: string, why: string): string;
  /** the domain refused the event on `line` (validate: its data does not fit its type, or it names what the match lacks) */
  refusedEvent(line: number, code: string, path: string | undefined, message: string): string;
}

const en: CliMessages = {
  noFindings: (events) => `${events} events: no findings`,
  findingsSummary: (events, findings, violations) => `${events} events: ${findings} finding(s), ${violations} violation(s)`,
  severity: (severity) => severity,
  chainIntact: (count, head) => `chain intact: ${count} events, head ${head}`,
  chainBroken: (line, eventId, reason) => `chain BROKEN at line ${line}${eventId ? ` (event ${eventId})` : ''}: ${reason}`,
  chainDetail: (_reason, message) => message,
  commitmentsMatch: 'shuffle commitments: all match',
  signedHead: (revision, matchId, time) => `signed head: match "${matchId}", revision ${revision}, signed at ${time}`,
  keyPinned: (fp) => `signing key: ${fp} (pinned with --key)`,
  keyNotPinned: (fp) => `signing key: ${fp} (not pinned: compare it with the server's /.well-known/jwks.json, or pass --key jwks.json)`,
  signingKey: (fp) => `signing key: ${fp}`,
  unsigned: 'UNSIGNED: the log has no signed head (accepted with --allow-unsigned); nothing proves who wrote it or that its last events are all there',
  receiptExtended: (revision) => `receipt: the log extends the head of revision ${revision} the receipt names`,
  refused: (code, line) => `REFUSED (${code})${line !== undefined ? ` at line ${line}` : ''}:`,
  commitmentProblems: (count) => `shuffle commitments: ${count} problem(s)`,
  viewHeading: (game, audience, revision) => `${game ?? 'no match'} — as ${audience}, revision ${revision}`,
  turnLine: (turn, active) => `turn ${turn}${active ? `, ${active} active` : ''}`,
  ended: (winner, reason) => `; ended: ${winner ? `${winner} won` : 'no winner'} (${reason})`,
  faceDown: ' (face down)',
  exerted: ' (exerted)',
  damage: (amount) => ` (${amount} damage)`,
  queueLine: (discipline, pending, nextChooser, waitingForAction) =>
    `${discipline}: ${pending} pending, next chooser ${nextChooser ?? '-'}${waitingForAction ? ' (waiting for an action to resolve, 7.1.6.1)' : ''}`,
  knowledgeHeading: (revision, game) => `knowledge at revision ${revision} (${game ?? 'no match'})`,
  deckLine: (zone, count, random) => `${zone}: ${count} cards, ${random.length} still random${random.length ? ` (positions ${random.join(', ')})` : ''}`,
  knownPosition: (position, card, knownTo) => `  position ${position}: ${card} known to ${knownTo.join(', ')}`,
  hiddenKnownHeading: 'hidden cards someone other than their owner can identify:',
  knownBy: (audience, how, revision) => `${audience} (${how} at r${revision})`,
  hiddenKnownCard: (card, zone, how) => `  ${card} in ${zone}: ${how.join(', ')}`,
  none: '  none',
  exposureHeading: (revision) =>
    `what this log names beyond each audience's view, up to revision ${revision} (it is a judge's view, as is a tcg.online replay file: never hand one to a player before the match ends):`,
  exposedZone: (zone, cards, ordered) => `${cards} card${cards === 1 ? '' : 's'} of ${zone}${ordered ? ' in order' : ''}`,
  exposureLine: (audience, zones) => `  ${audience}: ${zones.length ? zones.join(', ') : 'nothing it did not see'}`,
  pastTheEnd: (at, events) => `--at ${at} is past the end of this log: it has ${events} events`,
  unknownAudience: (audience, audiences) => `--as ${audience}: this match's audiences are ${audiences.join(', ')}`,
  cannotRead: (file, why) => `cannot read ${file}: ${why}`,
  brokenLog: (file, why) => `${file} is not a match log, ${why}`,
  refusedEvent: (line, code, path, message) => `line ${line}: the event is refused (${code}${path !== undefined ? ` at ${path}` : ''}): ${message}`,
};

const learnedHowEs: Record<LearnedHow, string> = {
  'own-zone': 'en su zona privada',
  'public-zone': 'en una zona pública',
  drew: 'la robó',
  'looked-at': 'la miró',
  revealed: 'revelada',
  found: 'la encontró buscando',
  'gained-control': 'tomó el control',
};

const es: CliMessages = {
  noFindings: (events) => `${events} eventos: ningún hallazgo`,
  findingsSummary: (events, findings, violations) => `${events} eventos: ${findings} hallazgo(s), ${violations} infracción(es)`,
  severity: (severity) => (severity === 'violation' ? 'infracción' : 'advertencia'),
  chainIntact: (count, head) => `cadena intacta: ${count} eventos, cabeza ${head}`,
  chainBroken: (line, eventId, reason) => `cadena ROTA en la línea ${line}${eventId ? ` (evento ${eventId})` : ''}: ${chainBreakEs[reason] ?? reason}`,
  chainDetail: (reason, message) => chainDetailEs[reason] ?? message,
  commitmentsMatch: 'compromisos de barajado: todos coinciden',
  signedHead: (revision, matchId, time) => `cabeza firmada: partida "${matchId}", revisión ${revision}, firmada el ${time}`,
  keyPinned: (fp) => `clave de firma: ${fp} (fijada con --key)`,
  keyNotPinned: (fp) => `clave de firma: ${fp} (sin fijar: compárela con /.well-known/jwks.json del servidor, o use --key jwks.json)`,
  signingKey: (fp) => `clave de firma: ${fp}`,
  unsigned: 'SIN FIRMA: el registro no tiene cabeza firmada (aceptado con --allow-unsigned); nada prueba quién lo escribió ni que estén todos sus últimos eventos',
  receiptExtended: (revision) => `recibo: el registro extiende la cabeza de la revisión ${revision} que indica el recibo`,
  refused: (code, line) => `RECHAZADO (${code})${line !== undefined ? ` en la línea ${line}` : ''}:`,
  commitmentProblems: (count) => `compromisos de barajado: ${count} problema(s)`,
  viewHeading: (game, audience, revision) => `${game ?? 'ninguna partida'} — como ${audience}, revisión ${revision}`,
  turnLine: (turn, active) => `turno ${turn}${active ? `, jugador activo ${active}` : ''}`,
  ended: (winner, reason) => `; terminada: ${winner ? `ganó ${winner}` : 'sin ganador'} (${reason})`,
  faceDown: ' (boca abajo)',
  exerted: ' (agotada)',
  damage: (amount) => ` (${amount} de daño)`,
  queueLine: (discipline, pending, nextChooser, waitingForAction) =>
    `${discipline === 'bag' ? 'bolsa' : 'pila'}: ${pending} pendiente(s), elige ahora ${nextChooser ?? '-'}${waitingForAction ? ' (esperando a que se resuelva una acción, 7.1.6.1)' : ''}`,
  knowledgeHeading: (revision, game) => `conocimiento en la revisión ${revision} (${game ?? 'ninguna partida'})`,
  deckLine: (zone, count, random) => `${zone}: ${count} cartas, ${random.length} aún al azar${random.length ? ` (posiciones ${random.join(', ')})` : ''}`,
  knownPosition: (position, card, knownTo) => `  posición ${position}: ${card} conocida por ${knownTo.join(', ')}`,
  hiddenKnownHeading: 'cartas ocultas que alguien distinto de su dueño puede identificar:',
  knownBy: (audience, how, revision) => `${audience} (${learnedHowEs[how] ?? how} en r${revision})`,
  hiddenKnownCard: (card, zone, how) => `  ${card} en ${zone}: ${how.join(', ')}`,
  none: '  ninguna',
  exposureHeading: (revision) =>
    `lo que este registro nombra más allá de la vista de cada audiencia, hasta la revisión ${revision} (es la vista de un juez, como un archivo de repetición de tcg.online: nunca se entrega a un jugador antes de que acabe la partida):`,
  exposedZone: (zone, cards, ordered) => `${cards} carta${cards === 1 ? '' : 's'} de ${zone}${ordered ? ' en orden' : ''}`,
  exposureLine: (audience, zones) => `  ${audience}: ${zones.length ? zones.join(', ') : 'nada que no viera'}`,
  pastTheEnd: (at, events) => `--at ${at} va más allá del final de este registro: tiene ${events} eventos`,
  unknownAudience: (audience, audiences) => `--as ${audience}: las audiencias de esta partida son ${audiences.join(', ')}`,
  cannotRead: (file, why) => `no se puede leer ${file}: ${why}`,
  brokenLog: (file, why) => `${file} no es un registro de partida, ${why}`,
  refusedEvent: (line, code, path, message) => `línea ${line}: el evento se rechaza (${code}${path !== undefined ? ` en ${path}` : ''}): ${message}`,
};

/** verifyChain's reasons (codes in --json) as a Spanish reader reads them */
const chainBreakEs: Record<string, string> = {
  changed: 'modificado',
  'removed or reordered': 'eliminado o reordenado',
  added: 'añadido',
  unchained: 'sin encadenar',
};

/** What each break means, for a Spanish reader (verifyChain's message, with the hashes, is English: see --json) */
const chainDetailEs: Record<string, string> = {
  changed: 'el evento se modificó: su contenido ya no da el hash con el que se registró.',
  'removed or reordered': 'el evento no sigue al que tiene delante: se eliminaron o se movieron eventos (o se cortaron los últimos).',
  added: 'la cabeza de la cadena cuenta menos eventos de los que hay: se añadieron eventos al final.',
  unchained: 'el evento no lleva enlace de cadena: meta.previous y meta.hash deben ser 64 dígitos hexadecimales.',
};

export const messagesIn = (language: Language): CliMessages => (language === 'es' ? es : en);
