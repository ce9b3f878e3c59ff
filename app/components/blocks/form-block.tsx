import { useContext } from "react";
import type { PageBlockOf } from "../../../domain/page-blocks";
import { blockGap, type BlockPlace } from "./block-section";
import { FormBlocksContext } from "./form-block-state";
import { splitComponent } from "./split-component";

const PublicFormSection = splitComponent(() => import("../forms/public-form").then((module) => module.PublicFormSection));

/**
 * A form the team built (docs/decisions/220, 221). Without JavaScript it posts to the page's own
 * address, whose action answers with the page, the thank-you text or the problems; with it, it
 * sends to POST /api/forms/:id. A form since removed shows nothing.
 */
export function FormBlock({ block, place }: { block: PageBlockOf<"form">; place: BlockPlace }) {
  const { forms, posted } = useContext(FormBlocksContext);
  const form = forms[block.form_id];
  if (!form) return null;
  return (
    <PublicFormSection
      form={form}
      blockId={block.id}
      title={block.title || form.name}
      lead={block.lead}
      posted={posted?.block === block.id ? posted : undefined}
      className={blockGap(place)}
    />
  );
}
