/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, as Node reports IPv4 clients on a dual-stack socket). */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * A client address as people read it: an IPv4-mapped IPv6 address shown as plain IPv4, any other
 * address as it is. Stored addresses keep their form; only what is shown changes.
 */
export function displayAddress(address: string): string {
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}
