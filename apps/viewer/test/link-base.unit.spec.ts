import { addressesOf, isLoopback, linkBase } from '../src/link-base';

describe('the address links and QR codes carry, for a phone on the venue’s network', () => {
  const lan = ['http://192.168.1.20:3000', 'http://10.0.0.5:3000'];

  it('is MATCHLOG_PUBLIC_URL when the server has one, whatever the page was opened at', () => {
    expect(linkBase('http://localhost:3000', { publicUrl: 'https://matchlog.example.org', lanAddresses: lan })).toEqual({ base: 'https://matchlog.example.org', localOnly: false });
    expect(linkBase('http://192.168.1.20:3000', { publicUrl: 'https://matchlog.example.org', lanAddresses: lan }).base).toBe('https://matchlog.example.org');
  });

  it("is the page's own address when the organizer opened it over the network", () => {
    expect(linkBase('http://10.0.0.5:3000', { lanAddresses: lan })).toEqual({ base: 'http://10.0.0.5:3000', localOnly: false });
  });

  it('is never only localhost: opened at localhost, the links carry the first LAN address', () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(linkBase(origin, { lanAddresses: lan })).toEqual({ base: 'http://192.168.1.20:3000', localOnly: false });
  });

  it('says so when no address but this machine is known', () => {
    expect(linkBase('http://localhost:3000', { lanAddresses: [] })).toEqual({ base: 'http://localhost:3000', localOnly: true });
    expect(linkBase('http://localhost:3000', {})).toEqual({ base: 'http://localhost:3000', localOnly: true });
  });

  it('lists every address a phone may open, the links’ first, loopback never', () => {
    expect(addressesOf('http://localhost:3000', { lanAddresses: lan })).toEqual(lan);
    expect(addressesOf('http://localhost:3000', { publicUrl: 'https://m.example.org', lanAddresses: lan })).toEqual(['https://m.example.org', ...lan]);
    expect(addressesOf('http://localhost:3000', {})).toEqual([]);
    expect(isLoopback('http://127.3.4.5:80')).toBe(true);
    expect(isLoopback('http://192.168.1.20:3000')).toBe(false);
  });
});
