import { FeedEntry, MatchlogClient } from '@matchlog/client';

/** Retries tuned for tests: many quick tries, so a fault costs milliseconds, not the defaults' seconds. */
export const FAST_RETRY = { attempts: 200, firstDelayMs: 5, maxDelayMs: 50 };

/**
 * A MatchlogClient whose fetch counts what it did: every try, and every try that got no answer at all
 * (the proxy reset the connection, the server was gone).
 */
export const countingClient = (baseUrl: string, token: string, retry: { attempts?: number; firstDelayMs?: number; maxDelayMs?: number } = FAST_RETRY) => {
  const tally = { sends: 0, networkErrors: 0 };
  const counted: typeof fetch = async (...args) => {
    tally.sends++;
    try {
      return await fetch(...args);
    } catch (error) {
      tally.networkErrors++;
      throw error;
    }
  };
  return { client: new MatchlogClient({ baseUrl, token, retry, fetch: counted }), tally };
};

/** client.follow after `from`, keeping what it delivers, how often it connected and how it ended. */
export const followed = (client: MatchlogClient, matchId: string, audience: string, from: number, heartbeatTimeoutMs: number) => {
  const received: FeedEntry[] = [];
  const stats = { connections: 0 };
  let failure: unknown;
  const following = client.follow(matchId, audience, (entry) => void received.push(entry), {
    from,
    heartbeatTimeoutMs,
    onState: (state) => void (state === 'open' && stats.connections++),
  });
  following.done.catch((error: unknown) => (failure = error));
  return {
    received,
    stats,
    get last() {
      return received.at(-1)?.revision ?? from;
    },
    get failure() {
      return failure;
    },
    close: async () => {
      following.close();
      return following.done;
    },
  };
};
