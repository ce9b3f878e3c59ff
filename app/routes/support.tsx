import { Reveal } from "../components/layout/reveal";
import { FaqAccordion } from "../components/marketing/faq-accordion";
import { Icon } from "../components/marketing/icon";
import { CalloutPanel } from "../components/ui/callout-panel";
import { PageHeader } from "../components/ui/page-header";
import { supportCopy, supportMeta } from "../content/support";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { useSite } from "../lib/site";
import type { Route } from "./+types/support";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), supportMeta);

export default function SupportPage() {
  const site = useSite();
  const { header, contact, faq } = supportCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead} />

      <div className="mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="support-contact-heading" className="lg:sticky lg:top-24 lg:self-start">
          <CalloutPanel tone="tinted" headingId="support-contact-heading" title={contact.title} lead={contact.body}>
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
          <h3 className="mt-8 text-sm font-semibold tracking-wide text-slate-700 uppercase">{contact.otherTitle}</h3>
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
        </section>

        <Reveal aria-labelledby="faq-heading">
          <h2 id="faq-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {faq.title}
          </h2>
          <div className="mt-8">
            <FaqAccordion name="faq" items={faq.items} />
          </div>
        </Reveal>
      </div>
    </>
  );
}
