/** Injection tokens for what the app is built from (see app.module.ts). */
export const API_CONFIG = Symbol('API_CONFIG');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const CATALOG_DB = Symbol('CATALOG_DB');
export const CATALOG_PROJECTOR = Symbol('CATALOG_PROJECTOR');
export const STATS_PROJECTOR = Symbol('STATS_PROJECTOR');
export const LOG_CONSUMER = Symbol('LOG_CONSUMER');
/** the instance's live feeds (LiveFeeds), a processor of the log consumer */
export const LIVE_FEEDS = Symbol('LIVE_FEEDS');
/** the Ed25519 private key (a node:crypto KeyObject) that signs chain heads */
export const SIGNING_KEY = Symbol('SIGNING_KEY');
/** whether the instance has caught up with the log since it started listening (serve.ts): /health/ready is 503 until then */
export const START_PROGRESS = Symbol('START_PROGRESS');
/** how POST /matches/import/tcg-online converts an upload: the conversion processes (ReplayConversions) */
export const REPLAY_CONVERTER = Symbol('REPLAY_CONVERTER');
