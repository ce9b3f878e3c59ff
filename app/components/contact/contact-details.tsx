import { contactCopy } from "../../../domain/site-copy/contact";
import { useSite } from "../../lib/site";

/** The support email and phone beside the contact form. */
export function ContactDetails() {
  const site = useSite();
  const telephone = site.supportPhone.replace(/[^\d+]/g, "");
  return (
    <aside aria-labelledby="contact-details-heading" className="rounded-2xl bg-indigo-50 p-6 sm:p-8">
      <h2 id="contact-details-heading" className="text-xl font-bold text-slate-900">
        {contactCopy.detailsHeading}
      </h2>
      <dl className="mt-6 space-y-5">
        <div>
          <dt className="text-sm font-semibold text-slate-700">{contactCopy.emailLabel}</dt>
          <dd className="mt-1">
            <a href={`mailto:${site.supportEmail}`} className="font-medium text-indigo-700 underline underline-offset-4">
              {site.supportEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">{contactCopy.phoneLabel}</dt>
          <dd className="mt-1">
            <a href={`tel:${telephone}`} className="font-medium text-indigo-700 underline underline-offset-4">
              {site.supportPhone}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-6 text-sm text-slate-600">{contactCopy.responseNote}</p>
    </aside>
  );
}
