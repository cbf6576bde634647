/** The catalog's tables as Kysely sees them (migrations/ creates them). */
export interface CatalogTables {
  matches: {
    match_id: string;
    game: string;
    tournament_event: string | null;
    round: number | null;
    table_number: number | null;
    status: 'live' | 'ended';
    winner: string | null;
    end_reason: string | null;
    started_at: string;
    ended_at: string | null;
    event_count: number;
    last_revision: number;
  };
  match_players: { match_id: string; player_id: string; name: string | null; seat: number };
  projection_checkpoints: { projection: string; position: number };
  /** from_log: 1 when projected from a `tokens@<matchId>` stream (a rebuild restores it), 0 for a token issued before tokens were logged */
  match_tokens: { token_hash: string; match_id: string; role: 'player' | 'judge' | 'broadcast'; player_id: string | null; from_log: number };
}
