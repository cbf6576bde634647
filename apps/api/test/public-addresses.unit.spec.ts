import { NetworkInterfaceInfo } from 'os';
import { lanAddresses, publicAddresses } from '../src/public-addresses';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  eth0: [info('192.168.1.20', 'IPv4'), info('fe80::1', 'IPv6')],
  wlan0: [info('10.0.0.5', 'IPv4')],
  down: undefined,
};

describe("the addresses a phone on the venue's network opens the server at", () => {
  it("are the machine's non-internal IPv4 addresses, never loopback", () => {
    expect(lanAddresses(interfaces)).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(lanAddresses({ lo: interfaces.lo })).toEqual([]);
  });

  it('as base URLs on the port it listens on; MATCHLOG_PUBLIC_URL alone when it is set', () => {
    expect(publicAddresses(undefined, 3000, interfaces)).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.5:3000']);
    expect(publicAddresses('https://matchlog.example.org', 3000, interfaces)).toEqual(['https://matchlog.example.org']);
    expect(publicAddresses(undefined, 3000, { lo: interfaces.lo })).toEqual([]);
  });
});
