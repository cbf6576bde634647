import { Generated } from 'kysely';

/** The catalog's tables as Kysely sees them (migrations/ creates them). */
export interface CatalogTables {
  matches: {
    match_id: string;
    game: string;
    tournament_event: string | null;
    round: number | null;
    table_number: number | null;
    /** searchKey(tournament_event): what ?event= matches part of */
    event_key: string | null;
    /** MatchCreated.tournament: which game of the table's match, of how many, in which format */
    game_number: number | null;
    best_of: number | null;
    format: string | null;
    status: 'live' | 'ended';
    winner: string | null;
    end_reason: string | null;
    /** 1: MatchEnded.draw */
    draw: number;
    /** 1 once TimeCalled: the match's last game */
    time_called: number;
    single_elimination: number;
    /** 1 once MatchVoided: the match decides nothing */
    voided: number;
    started_at: string;
    ended_at: string | null;
    event_count: number;
    last_revision: number;
    /** broadcastDelay.events of a match that holds its public side back (holdsBackPublic); null: it holds nothing back (migration 011) */
    hold_back_events: number | null;
    hold_back_seconds: number | null;
    /** where held back: when MatchCreated has waited out the delay's seconds (secondsWaitedAt: its recordedAt + broadcastDelay.seconds, ISO 8601) */
    public_from: string | null;
    /** MatchEnded's revision, and where held back when it has waited out the seconds */
    ended_revision: number | null;
    ended_public_from: string | null;
    time_called_revision: number | null;
    time_called_public_from: string | null;
    voided_revision: number | null;
    voided_public_from: string | null;
    /**
     * where held back: when each fact is shown (the domain's factShownFrom, from its *_public_from, the head and the
     * end, moved on at each batch of the match; ISO 8601, 9999-12-31 while nothing recorded yet shows it), null without
     * the fact (migration 014)
     */
    created_shown_from: string | null;
    ended_shown_from: string | null;
    time_called_shown_from: string | null;
    voided_shown_from: string | null;
  };
  /** name_key: searchKey(name), what ?player= matches part of */
  match_players: { match_id: string; player_id: string; name: string | null; name_key: string | null; seat: number };
  /** store_id: the event store (EventStore.storeId) the position is in; null in a checkpoint from before stores had ids */
  checkpoints: { projection: string; position: number; store_id: string | null };
  /** from_log: 1 when projected from a `tokens@<matchId>` stream (a rebuild restores it), 0 for a token issued before tokens were logged */
  match_tokens: { token_hash: string; match_id: string; role: 'player' | 'judge' | 'recorder' | 'broadcast'; player_id: string | null; from_log: number };
  /** revoked token hashes, for good: the guard refuses them, and a replayed TokensIssued does not grant them again */
  token_revocations: { token_hash: string; match_id: string };
  /** the statistics projection (migrations/012_stats.ts): '' for no event or format */
  stats_readings: { match_id: string; audience: string; game: string; event: string; format: string; day: string; reading: string; voided: Generated<number> };
  stats_cards: StatsScope & {
    games: number;
    decided: number;
    wins: number;
    deck_games: number;
    deck_wins: number;
    copies: number;
    first_turn_sum: number;
    first_turn_games: number;
    quests: number;
    lore: number;
    challenges: number;
    banishes: number;
    banished: number;
    songs_sung: number;
    sang: number;
  };
  stats_first_turns: StatsScope & { turn: number; games: number };
  stats_sides: {
    match_id: string;
    seat: number;
    game: string;
    event: string;
    format: string;
    day: string;
    inks: string;
    against: string;
    won: number | null;
    on_play: number;
    voided: Generated<number>;
  };
}

/** Where a statistics row counts: the game, the event and format ('' for none), the day the match ended, the card. */
export interface StatsScope {
  game: string;
  event: string;
  format: string;
  day: string;
  card: string;
}
