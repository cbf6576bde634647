/** What the server says of its addresses (GET /health with the organizer key): MATCHLOG_PUBLIC_URL, and its LAN addresses. */
export interface ServerAddresses {
  readonly publicUrl?: string;
  readonly lanAddresses?: readonly string[];
}

/** The address a link carries, and whether only this machine can open it (no address but loopback is known). */
export interface LinkBase {
  readonly base: string;
  readonly localOnly: boolean;
}

/** Whether an address's host names this machine only: localhost, 127.0.0.0/8, ::1. */
export const isLoopback = (address: string): boolean => {
  const host = new URL(address).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
};

/**
 * Where the links and QR codes point, for a phone on the venue's network: MATCHLOG_PUBLIC_URL when the server has
 * one; else this page's own address, when it is not this machine's loopback (the organizer reached the server over
 * the network, so a phone can too); else the server's first LAN address. Only when none is known, the page's own,
 * said to be for this machine only.
 */
export const linkBase = (origin: string, server: ServerAddresses): LinkBase => {
  if (server.publicUrl) return { base: server.publicUrl, localOnly: false };
  if (!isLoopback(origin)) return { base: origin, localOnly: false };
  const lan = server.lanAddresses?.[0];
  return lan !== undefined ? { base: lan, localOnly: false } : { base: origin, localOnly: true };
};

/** Every address a phone may open, the links' first: for the page to list. */
export const addressesOf = (origin: string, server: ServerAddresses): string[] =>
  [...new Set([linkBase(origin, server).base, ...(server.publicUrl ? [server.publicUrl] : []), ...(server.lanAddresses ?? [])])].filter((address) => !isLoopback(address));
