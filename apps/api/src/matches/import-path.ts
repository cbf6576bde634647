/** The route of a tcg.online replay's import, whose body limit is MATCHLOG_REPLAY_LIMIT (configure-app.ts). */
export const TCG_ONLINE_IMPORT_PATH = '/matches/import/tcg-online';
