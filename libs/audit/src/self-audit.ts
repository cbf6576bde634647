import { AudienceView, MatchEvent, Observation, Seat, emptySeat, stepSeat } from '@matchlog/domain';
import { factsOf, readingOf } from '@matchlog/stats';
import { IdentityMatcher, publicNamesOf } from './deliveries/matcher';
import { Found, propertyPath, scanPayload } from './deliveries/scan';
import { Finding, Language } from './finding';
import { findingTitle } from './findings/titles';
import { KnownCursor } from './knowledge/known-at';
import { KnowledgeLedger, knowledgeLedger, publishedBy } from './knowledge/ledger';

export const SELF_AUDIT_LEAK = 'SELF_AUDIT_LEAK' as const;
export const SELF_AUDIT_RULE = 'matchlog self-audit';

export type SeatStep = (seat: Seat, event: MatchEvent) => { seat: Seat; observation: Observation };

export interface SelfAuditOptions {
  readonly language?: Language;
  /** the ledger of these events, when the caller already has it */
  readonly ledger?: KnowledgeLedger;
  /** the seat fold under audit: the domain's stepSeat; tests plant a faulty one to see the audit fail */
  readonly step?: SeatStep;
  /** what the statistics read of the match for an audience: libs/stats' readingOf; tests plant a faulty one */
  readonly statistics?: (events: readonly MatchEvent[], audience: string) => unknown;
}

type Where = 'observation' | 'view' | 'statistics';

const statisticsOf = (events: readonly MatchEvent[], audience: string): unknown =>
  readingOf(events, audience, factsOf(events[0]?.type === 'MatchCreated' ? events[0].data.game : null));

const who = (audience: string, language: Language) => (audience === 'public' ? (language === 'es' ? 'los espectadores (public)' : 'spectators (public)') : audience);

const message = (language: Language, where: Where, audience: string, revision: number, found: Found): string => {
  const key = found.inKey ? (language === 'es' ? ' (como clave)' : ' (as an object key)') : '';
  if (language === 'es') {
    const what = found.kind === 'cardId' ? `el identificador de carta del registrador "${found.value}"` : `la definición "${found.value}"`;
    const payload = where === 'observation' ? 'La observación' : where === 'view' ? 'La vista' : 'La lectura estadística';
    return `Autoauditoría: ${payload} de ${who(audience, language)} en la revisión ${revision} contiene ${what} en ${found.path}${key} (carta ${found.cardId}), que no podía conocer entonces.`;
  }
  const what = found.kind === 'cardId' ? `the recorder card id "${found.value}"` : `the definition "${found.value}"`;
  return `Self-audit: the ${where === 'statistics' ? 'statistics reading' : where} of ${who(audience, language)} at revision ${revision} holds ${what} at ${found.path}${key} (card ${found.cardId}), which it could not know then.`;
};

/**
 * Re-checks the match's own output against the knowledge ledger with the leak check of delivered
 * payloads: every non-judge audience's observations (every entry) and its view at every revision.
 * A view shares every part an event did not change with the one before, so only the changed parts
 * are re-checked, and the whole view wherever the audience lost track of a card. Then what the
 * statistics read of the match for the audience (libs/stats readingOf, the per-match part of every
 * statistics answer, which only adds such readings up) at the last revision, against what it ever knew. Must come back empty; each
 * leak is a 'SELF_AUDIT_LEAK' violation (a view's leak once, where it first appears).
 */
export const selfAudit = (events: readonly MatchEvent[], options: SelfAuditOptions = {}): Finding[] => {
  const { language = 'en', step = stepSeat, statistics = statisticsOf } = options;
  const ledger = options.ledger ?? knowledgeLedger(events);
  const matcher = new IdentityMatcher(ledger.cards, publicNamesOf(events));
  const cardIds = ledger.cards.map((card) => card.cardId);
  const findings: Finding[] = [];
  for (const audience of ledger.audiences) {
    const cursor = new KnownCursor(ledger, audience);
    let at = 0;
    const knows = (card: number) => cursor.knowsCard(card) || publishedBy(ledger, audience, at, card);
    const reported = new Set<string>();
    let seat = emptySeat(audience);
    for (let i = 0; i < events.length; i++) {
      const revision = i + 1;
      const previous = seat.view;
      const stepped = step(seat, events[i]);
      seat = stepped.seat;
      cursor.seek(revision);
      at = revision;
      const report = (where: Where) => (found: Found) => {
        if (where === 'view') {
          const key = `${found.kind}\u0000${found.value}\u0000${found.cardId}`;
          if (reported.has(key)) return;
          reported.add(key);
        }
        findings.push({
          revision,
          eventId: events[i].id,
          code: SELF_AUDIT_LEAK,
          rule: SELF_AUDIT_RULE,
          severity: 'violation',
          title: findingTitle(SELF_AUDIT_LEAK, language),
          players: [audience],
          message: message(language, where, audience, revision, found),
        });
      };
      scanPayload(stepped.observation, '$', matcher, knows, cardIds, report('observation'));
      scanView(seat.view, cursor.losses.has(revision) ? null : previous, matcher, knows, cardIds, report('view'));
      if (revision === events.length) scanPayload(statistics(events, audience), '$', matcher, knewEver(ledger, audience), cardIds, report('statistics'));
    }
  }
  return findings.sort((a, b) => a.revision - b.revision);
};

/**
 * Statistics tell what an audience saw over the whole match (a hand it held, then shuffled away), so they
 * are checked against every card it knew at some revision, or that the match's end published to it.
 */
const knewEver = (ledger: KnowledgeLedger, audience: string): ((card: number) => boolean) => {
  const index = new Map(ledger.cards.map((card, i) => [card.cardId, i]));
  const known = new Set(ledger.intervals.filter((interval) => interval.audience === audience).map((interval) => index.get(interval.cardId)!));
  return (card) => known.has(card) || publishedBy(ledger, audience, ledger.revision, card);
};

/** Scans the parts of `view` that differ (by reference) from `previous`; all of it when `previous` is null. */
const scanView = (
  view: AudienceView,
  previous: AudienceView | null,
  matcher: IdentityMatcher,
  knows: (card: number) => boolean,
  cardIds: readonly string[],
  report: (found: Found) => void,
): void => {
  for (const key of Object.keys(view) as (keyof AudienceView)[]) {
    if (key === 'zones') {
      for (const zone of Object.keys(view.zones)) {
        if (previous !== null && previous.zones[zone] === view.zones[zone]) continue;
        scanPayload({ [zone]: view.zones[zone] }, '$.zones', matcher, knows, cardIds, report);
      }
      continue;
    }
    if (previous !== null && previous[key] === view[key]) continue;
    scanPayload(view[key], propertyPath('$', key), matcher, knows, cardIds, report);
  }
};
