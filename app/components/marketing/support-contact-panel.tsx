import { useSite } from "../../lib/site";
import { CalloutPanel } from "../ui/callout-panel";
import { SiteLink } from "../ui/site-link";
import { Icon } from "./icon";

export type SupportContact = {
  title: string;
  body: string;
  emailLabel: string;
  phoneLabel: string;
  linksTitle?: string;
  links: readonly { label: string; to: string }[];
};

/**
 * The support team's panel beside the FAQ of /support: the support email and phone from the site
 * configuration, then other ways to reach the company.
 */
export function SupportContactPanel({ contact, headingId }: { contact: SupportContact; headingId: string }) {
  const site = useSite();
  return (
    <section aria-labelledby={headingId} className="lg:sticky lg:top-24 lg:self-start">
      <CalloutPanel tone="tinted" headingId={headingId} title={contact.title} lead={contact.body}>
        <dl className="mt-6 space-y-4">
          <div>
            <dt className="text-sm font-semibold text-slate-700">{contact.emailLabel}</dt>
            <dd className="mt-1">
              <a
                href={`mailto:${site.supportEmail}`}
                className="inline-flex items-center gap-2 font-semibold break-all text-indigo-700 hover:text-indigo-800 hover:underline"
              >
                <Icon name="mail" size={20} />
                {site.supportEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">{contact.phoneLabel}</dt>
            <dd className="mt-1">
              <a
                href={`tel:${site.supportPhone.replace(/[^+\d]/g, "")}`}
                className="inline-flex items-center gap-2 font-semibold text-indigo-700 hover:text-indigo-800 hover:underline"
              >
                <Icon name="phone" size={20} />
                {site.supportPhone}
              </a>
            </dd>
          </div>
        </dl>
      </CalloutPanel>
      {contact.linksTitle ? <h3 className="mt-8 text-sm font-semibold tracking-wide text-slate-700 uppercase">{contact.linksTitle}</h3> : null}
      {contact.links.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {contact.links.map((link) => (
            <li key={link.to}>
              <SiteLink to={link.to} className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
                {link.label}
                <Icon name="arrowRight" size={18} />
              </SiteLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
