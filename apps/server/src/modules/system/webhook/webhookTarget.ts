import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../../lib/errors';

/** Addresses of the server's own network (SSRF): loopback, private, link-local, unique-local, unspecified, multicast, CGNAT. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** The URL if it is http(s), else refused with 'webhook.badUrl'. */
export function webhookUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest('webhook.badUrl');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw badRequest('webhook.badUrl');
  return url;
}

/**
 * Checks a webhook's target where it is saved and again before each delivery (a name may come to
 * resolve elsewhere): every address its host resolves to must be public unless `allowPrivate`.
 * Throws 'webhook.badUrl' / 'webhook.privateTarget'; a name that does not resolve passes here
 * (the delivery then fails and is retried).
 */
export async function checkWebhookTarget(text: string, allowPrivate: boolean): Promise<URL> {
  const url = webhookUrl(text);
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) throw badRequest('webhook.privateTarget');
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((all) => all.map((a) => a.address), () => []);
  if (addresses.some(isPrivateAddress)) throw badRequest('webhook.privateTarget');
  return url;
}
