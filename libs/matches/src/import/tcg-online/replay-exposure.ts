import { KnowledgeLedger, knowledgeLedger, publishedBy } from '@matchlog/audit';
import { BROADCAST, MatchEvent, PUBLIC, MatchState, emptyMatch, evolve } from '@matchlog/domain';
import { ConvertedReplay } from './convert-replay';

/** One zone whose cards the file names while an audience could not. */
export interface ExposedZone {
  /** the zone's key, e.g. `hand@p2`, `deck@p1` */
  readonly zone: string;
  /** how many different cards the file names there at a moment this audience could not name them */
  readonly cards: number;
  /** an ordered zone (a deck): the file gives the order of those cards too, so every draw from it is known before it happens */
  readonly ordered: boolean;
}

/** What a replay file tells one audience beyond what that audience saw of the match. */
export interface AudienceExposure {
  /** a player's seat, or `public` */
  readonly audience: string;
  readonly zones: readonly ExposedZone[];
  /** the file holds the engine's random seed: every later shuffle can be computed from it */
  readonly seed: boolean;
  readonly summary: string;
}

type Interval = readonly [from: number, to: number];

const knownAt = (intervals: readonly Interval[] | undefined, revision: number): boolean => intervals?.some(([from, to]) => from <= revision && revision < to) ?? false;

/** audience → card id → the revisions [learned, lost) it could name the card, from the domain's own perception */
const knowledgeOf = (ledger: KnowledgeLedger): Map<string, Map<string, Interval[]>> => {
  const known = new Map<string, Map<string, Interval[]>>();
  for (const interval of ledger.intervals) {
    const byCard = known.get(interval.audience) ?? new Map<string, Interval[]>();
    known.set(interval.audience, byCard);
    byCard.set(interval.cardId, [...(byCard.get(interval.cardId) ?? []), [interval.learned.revision, interval.lost?.revision ?? Infinity]]);
  }
  return known;
};

const summaryOf = (audience: string, zones: readonly ExposedZone[], seed: boolean): string => {
  const what = zones.map((z) => `${z.cards} card${z.cards === 1 ? '' : 's'} of ${z.zone}${z.ordered ? ' in order' : ''}`);
  if (seed) what.push('the seed that predicts every shuffle');
  if (what.length === 0) return `nothing ${audience} did not see`;
  const never = audience === PUBLIC ? 'never to be published' : `never to be handed to ${audience}`;
  return `to ${audience}, the file names ${what.join(', ')}: it is a judge's view, ${never} before the match ends`;
};

/**
 * What a judge's view of these events (the log itself) names beyond what each audience (each player, the public) could
 * name at the same revision: per zone, the cards the judge sees there while that audience could not, from the domain's
 * own observations folded by the knowledge ledger. `seed`: whether the source also holds a seed that predicts shuffles.
 */
export const judgeViewExposure = (events: readonly MatchEvent[], seed = false): AudienceExposure[] => {
  const ledger = knowledgeLedger(events);
  const known = knowledgeOf(ledger);
  const audiences = ledger.audiences.filter((audience) => audience !== BROADCAST);
  const exposed = new Map(audiences.map((audience) => [audience, new Map<string, Set<string>>()]));
  let state: MatchState = emptyMatch;
  for (let i = 0; i < events.length; i++) {
    state = evolve(state, events[i]);
    const revision = i + 1;
    const layout = state.layout;
    if (layout === null) continue;
    state.cards.forEach((card, index) => {
      for (const audience of audiences) {
        if (knownAt(known.get(audience)?.get(card.cardId), revision) || publishedBy(ledger, audience, revision, index)) continue;
        const byZone = exposed.get(audience)!;
        const key = layout.zones[card.zone].key;
        byZone.set(key, (byZone.get(key) ?? new Set()).add(card.cardId));
      }
    });
  }
  const orderedZone = new Set(state.layout?.zones.filter((z) => z.definition.ordered).map((z) => z.key));
  return audiences.map((audience) => {
    const zones = [...exposed.get(audience)!].map(([zone, cards]) => ({ zone, cards: cards.size, ordered: orderedZone.has(zone) })).sort((a, b) => a.zone.localeCompare(b.zone));
    return { audience, zones, seed, summary: summaryOf(audience, zones, seed) };
  });
};

/**
 * What the replay file itself reveals, per audience, beyond what that audience saw in the match. The file is the
 * engine's unfiltered state at every step (the judge's view: the differential test holds the converted judge's view to
 * it), with the seed, so it names every card wherever it lies, in order, and every shuffle to come.
 */
export const replayExposure = (converted: ConvertedReplay): AudienceExposure[] =>
  judgeViewExposure(
    [{ type: 'MatchCreated', data: converted.created }, ...converted.steps.flat()].map((event, i) => ({ ...event, id: `e${i + 1}` }) as MatchEvent),
    converted.source.seeded,
  );
