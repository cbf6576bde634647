import { ConfigError } from './config-error';

/**
 * MATCHLOG_PUBLIC_URL: the address phones and OBS open this server at (https://matchlog.example.org, or
 * http://192.168.1.20:3000 at a venue), which the organizer's links and QR codes carry. Unset: the server's own LAN
 * addresses (public-addresses.ts). Returned without a trailing slash.
 */
export const publicUrlOf = (value: string | undefined): string | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    throw new ConfigError(
      `MATCHLOG_PUBLIC_URL must be the address phones open this server at, such as https://matchlog.example.org or http://192.168.1.20:3000 (http or https, no query, fragment or credentials), not "${value}"`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
};
