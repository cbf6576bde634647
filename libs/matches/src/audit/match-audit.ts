import {
  DEFAULT_SLOW_TURN_SECONDS,
  Delivery,
  Finding,
  KnowledgeReport,
  Leak,
  OtherGame,
  auditMatch,
  checkDeliveries,
  deckFindings,
  knowledgeAt,
  knowledgeLedger,
} from '@matchlog/audit';
import { CatalogDb, gamesOfSameTable } from '@matchlog/catalog';
import { CatalogFreshness } from '../read/catalog-freshness';
import { EventStore } from '@matchlog/store';
import { RevisionOutOfRange } from '../errors';
import { asMatchEvent, readMatchEvents } from '../model/read-match-events';
import { languageOf } from './language';

/** The rules checks' findings at the latest revision. */
export interface AuditReport {
  readonly matchId: string;
  readonly revision: number;
  readonly findings: Finding[];
}

/** What the payloads a client was sent should not have told it. */
export interface DeliveryLeaks {
  readonly matchId: string;
  readonly leaks: Leak[];
}

/** What judges and auditors ask of a match, from the record the chain protects: who knew what, which rules were broken, what leaked. */
export class MatchAudit {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogDb,
    private readonly freshness: CatalogFreshness,
    /** the organizer's slow-play threshold (MATCHLOG_SLOW_TURN_SECONDS), for SLOW_TURN */
    private readonly slowTurnSeconds = DEFAULT_SLOW_TURN_SECONDS,
  ) {}

  /** What each audience knew at `at` (the latest revision when absent), and since when. */
  async knowledge(matchId: string, at: number | undefined): Promise<KnowledgeReport> {
    const events = await readMatchEvents(this.store, matchId);
    if (at !== undefined && at > events.length) throw new RevisionOutOfRange('at', at, events.length);
    return knowledgeAt(events, at ?? events.length, knowledgeLedger(events));
  }

  /** The rules checks and the deck checks (across the match's other games, which the catalog finds), findings in the caller's language. */
  async audit(matchId: string, acceptLanguage: string | undefined): Promise<AuditReport> {
    const events = await readMatchEvents(this.store, matchId);
    const language = languageOf(acceptLanguage);
    const decks = events[0].type === 'MatchCreated' ? deckFindings(events[0], await this.otherGames(matchId), language) : [];
    const findings = [...decks, ...auditMatch(events, { language, slowTurnSeconds: this.slowTurnSeconds })].sort((a, b) => a.revision - b.revision);
    return { matchId, revision: events.length, findings };
  }

  /** The other games of the match at this one's table, by their MatchCreated (a game the catalog lists but the store lacks is skipped). */
  private async otherGames(matchId: string): Promise<OtherGame[]> {
    await this.freshness.reach();
    const table = await gamesOfSameTable(this.catalog, matchId);
    const others: OtherGame[] = [];
    for (const game of table?.games ?? []) {
      if (game.matchId === matchId) continue;
      const [created] = (await this.store.readStream(game.matchId, { maxCount: 1 })).map(asMatchEvent);
      if (created?.type === 'MatchCreated') others.push({ matchId: game.matchId, created: created.data });
    }
    return others;
  }

  /** Payloads some audience received, checked for what it should not have learnt. */
  async deliveries(matchId: string, deliveries: readonly Delivery[]): Promise<DeliveryLeaks> {
    const events = await readMatchEvents(this.store, matchId);
    return { matchId, leaks: checkDeliveries(events, deliveries) };
  }
}
