import { describe, expect, it } from 'vitest';
import { addressBucket, clientIp } from './client-ip';

describe('the client address of rate limits', () => {
  it('comes from the connection, whatever X-Forwarded-For says', () => {
    expect(clientIp(new Headers({ 'x-site-socket-ip': '203.0.113.5', 'x-forwarded-for': '198.51.100.1' }))).toBe('203.0.113.5');
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
    expect(addressBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:0db8:0001:0002::/64');
    expect(addressBucket('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });
});
