import { useSite } from "../../lib/site";
import { ExternalLink } from "./external-link";

/**
 * A "Request demo" link: the external scheduling page in a new tab. A click (or a middle click,
 * which opens a tab too) is reported with a beacon as it happens; the link itself is left alone,
 * so the click is never delayed or prevented (docs/decisions/142). The reporting code loads on the
 * click: the link opens a tab, so this page stays to send it, and every page's script stays lighter.
 */
const sendDemoClick = () => void import("../../lib/browser/visit-source").then((module) => module.sendDemoClick(), () => undefined);

export function DemoLink({ className, children }: { className?: string; children: React.ReactNode }) {
  const site = useSite();
  return (
    <ExternalLink
      href={site.demoUrl}
      className={className}
      onClick={sendDemoClick}
      onAuxClick={(event) => {
        if (event.button === 1) sendDemoClick();
      }}
    >
      {children}
    </ExternalLink>
  );
}
