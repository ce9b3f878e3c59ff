import { useState } from "react";
import { POST_WORKFLOW_LIMITS } from "../../../../domain/post-publishing";
import { PAGE_LIMITS } from "../../../../domain/site-pages";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { LabelledField, type FieldControlProps } from "../../ui/labelled-field";
import { adminInputClass, fieldLabelClass } from "../admin-form";
import type { PageDraftState } from "./use-page-draft";

const SEO_FIELDS = ["seo.title", "seo.description", "seo.social_image_url"];
const look = (invalid: boolean) => `${adminInputClass} ${invalid ? "border-red-600" : "border-slate-300"}`;

/**
 * The page's own fields: the admin title and the address, then the search and social fields in a
 * section that opens on demand. Leaving a field shows its problem. Moving a live page (`livePath`)
 * says its old address will redirect.
 */
export function PageFields({ state, system, livePath }: { state: PageDraftState; system: boolean; livePath?: string }) {
  const { draft } = state;
  const [seoOpen, setSeoOpen] = useState(false);
  const field = (name: string, label: string, control: (props: FieldControlProps) => React.ReactNode, hint?: string) => (
    <LabelledField id={`page-${name.replace(".", "-")}`} label={label} hint={hint} error={state.problem(name)} labelClassName={fieldLabelClass}>
      {control}
    </LabelledField>
  );
  const text = (name: string, value: string, max: number, readOnly = false) => (props: FieldControlProps) => (
    <input
      {...props}
      name={name}
      type="text"
      maxLength={max}
      readOnly={readOnly}
      value={value}
      onChange={(event) => state.setField(name.split("."), event.target.value)}
      className={`${look(Boolean(state.problem(name)))} read-only:bg-slate-100`}
    />
  );
  // A problem in a closed section would go unseen: the section opens while one shows.
  const seoShown = seoOpen || SEO_FIELDS.some((name) => state.problem(name));
  return (
    <div className="grid gap-4" onBlur={(event) => "name" in event.target && event.target.name && state.touch(String(event.target.name))}>
      <div className="grid gap-4 md:grid-cols-2">
        {field("title", copy.titleLabel, text("title", draft.title, PAGE_LIMITS.title), copy.titleHint)}
        {/* The specification's own pages keep their addresses (the server refuses a change too). */}
        {field("path", copy.pathLabel, text("path", draft.path, PAGE_LIMITS.path, system), system ? copy.systemPathHint : livePath && draft.path !== livePath ? copy.liveMoveHint(livePath) : copy.pathHint)}
      </div>
      <section aria-labelledby="page-seo-heading" className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
        <h2 id="page-seo-heading" className="text-base font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={seoShown}
            aria-controls="page-seo-fields"
            onClick={() => setSeoOpen(!seoShown)}
            className="flex w-full items-center justify-between rounded-md text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
          >
            {copy.seoToggle}
            <span aria-hidden="true" className="text-slate-600">{seoShown ? "▲" : "▼"}</span>
          </button>
        </h2>
        <div id="page-seo-fields" hidden={!seoShown} className="mt-4 grid gap-4">
          {field("seo.title", copy.seoTitleLabel, text("seo.title", draft.seo.title, POST_WORKFLOW_LIMITS.meta_title))}
          {field("seo.description", copy.seoDescriptionLabel, (props) => (
            <textarea
              {...props}
              name="seo.description"
              rows={2}
              maxLength={POST_WORKFLOW_LIMITS.meta_description}
              value={draft.seo.description}
              onChange={(event) => state.setField(["seo", "description"], event.target.value)}
              className={look(Boolean(state.problem("seo.description")))}
            />
          ))}
          {field("seo.social_image_url", copy.seoImageLabel, text("seo.social_image_url", draft.seo.social_image_url, POST_WORKFLOW_LIMITS.url))}
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" checked={draft.seo.noindex} onChange={(event) => state.setField(["seo", "noindex"], event.target.checked)} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
            {copy.seoNoindexLabel}
          </label>
        </div>
      </section>
    </div>
  );
}
