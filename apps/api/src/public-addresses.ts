import { NetworkInterfaceInfo, networkInterfaces } from 'os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** The machine's IPv4 addresses on its networks (not loopback): where a phone on the venue's network reaches it. */
export const lanAddresses = (interfaces: Interfaces = networkInterfaces()): string[] =>
  Object.values(interfaces).flatMap((list) =>
    (list ?? []).filter((info) => (info.family === 'IPv4' || (info.family as unknown) === 4) && !info.internal).map((info) => info.address),
  );

/** Each LAN address as a base URL on `port`: http://192.168.1.20:3000. */
export const lanBases = (port: number, interfaces?: Interfaces): string[] => lanAddresses(interfaces).map((address) => `http://${address}:${port}`);

/** Where phones open this server: MATCHLOG_PUBLIC_URL when it is set, else every LAN address on `port` (none: only this machine). */
export const publicAddresses = (publicUrl: string | undefined, port: number, interfaces?: Interfaces): string[] =>
  publicUrl !== undefined ? [publicUrl] : lanBases(port, interfaces);
