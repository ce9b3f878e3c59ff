/** A link to another site that opens in a new tab without giving it access to this page. */
export function ExternalLink({
  href,
  ...rest
}: Omit<React.ComponentPropsWithoutRef<"a">, "target" | "rel"> & { href: string }) {
  return <a {...rest} href={href} target="_blank" rel="noopener noreferrer" />;
}
