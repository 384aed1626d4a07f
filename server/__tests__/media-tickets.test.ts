/**
 * Media tickets (docs/server.md, "Audio and video"): what a player's URL carries instead of a
 * bearer token — the reader of one document, signed by the server, until the token's `exp` or
 * six hours from the open, whichever is later.
 */
import { generateKeyPair } from 'jose';
import { secretKey } from '../auth-keys.ts';
import type { AuthSettings } from '../auth-keys.ts';
import { createMediaTickets } from '../media-tickets.ts';

const SECRET = 's'.repeat(40);
const now = () => Math.floor(Date.now() / 1000);
const tokens = (keys: Extract<AuthSettings, { mode: 'tokens' }>['keys']) =>
  ({ mode: 'tokens', keys }) as const;
const reader = { doc: 'talk.mp4', exp: now() + 600, name: 'Ada', perm: ['print'] as const };

describe('media tickets', () => {
  it('name their reader for their one document', () => {
    const tickets = createMediaTickets(tokens([secretKey(SECRET)]));
    const ticket = tickets.mint('talk.mp4', { ...reader, perm: [...reader.perm] });
    expect(tickets.verify('talk.mp4', ticket)).toMatchObject({
      doc: 'talk.mp4',
      name: 'Ada',
      perm: ['print'],
    });
    expect(tickets.verify('other.mp4', ticket)).toBeUndefined();
  });

  it('outlive a short token by the longest media, then expire', () => {
    const tickets = createMediaTickets(tokens([secretKey(SECRET)]));
    const ticket = tickets.mint('talk.mp4', { ...reader, perm: undefined });
    const { exp } = tickets.verify('talk.mp4', ticket) ?? { exp: 0 };
    expect(exp).toBeGreaterThanOrEqual(now() + 6 * 3600 - 1);
    expect(tickets.verify('talk.mp4', ticket, exp + 1)).toBeUndefined();
    // Without a reader (no signed link) there is nothing to open.
    expect(tickets.verify('talk.mp4', tickets.mint('talk.mp4', undefined))).toBeUndefined();
  });

  it('refuse a ticket changed, cut, or of another server', async () => {
    const tickets = createMediaTickets(tokens([secretKey(SECRET)]));
    const ticket = tickets.mint('talk.mp4', { ...reader, perm: [...reader.perm] });
    const [body = '', mac = ''] = ticket.split('.');
    const widened = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), perm: undefined }),
    ).toString('base64url');
    for (const bad of [`${widened}.${mac}`, body, `${ticket}.x`, `${body}.${mac.slice(1)}`, '']) {
      expect(tickets.verify('talk.mp4', bad)).toBeUndefined();
    }
    // Servers sharing AUTH_SECRET read each other's; with public keys only, each its own.
    expect(
      createMediaTickets(tokens([secretKey(SECRET)])).verify('talk.mp4', ticket),
    ).toBeDefined();
    expect(
      createMediaTickets(tokens([secretKey('t'.repeat(40))])).verify('talk.mp4', ticket),
    ).toBeUndefined();
    const { publicKey } = await generateKeyPair('ES256');
    const key = { alg: 'ES256' as const, kid: 'k', key: publicKey };
    const one = createMediaTickets(tokens([key]));
    const two = createMediaTickets(tokens([key]));
    const own = one.mint('talk.mp4', { ...reader, perm: undefined });
    expect(one.verify('talk.mp4', own)).toBeDefined();
    expect(two.verify('talk.mp4', own)).toBeUndefined();
  });
});
