import { useMemo } from "react";
import { diffWords } from "diff";
import { postFieldLabels } from "../../../../domain/admin-messages";
import { publishingTexts } from "../../../../domain/post-publishing";
import { workflowTexts } from "../../../../domain/post-workflow";
import type { EditorValues } from "../post-form";
import { WordDiff } from "./word-diff";

/** An article body as readable text: one line per block, no markup. */
function articleText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, "$&\n");
  const text = new DOMParser().parseFromString(withBreaks, "text/html").body.textContent ?? "";
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

type Side = { values: EditorValues; content: string };

const LABELS: Record<string, string> = {
  ...postFieldLabels,
  publish_at: publishingTexts.publishAtLabel,
  meta_title: publishingTexts.metaTitleLabel,
  meta_description: publishingTexts.metaDescriptionLabel,
  social_image_url: publishingTexts.socialImageLabel,
};

/**
 * What changed from a revision to the editor's current state: the fields that differ, then the
 * body's text word by word (removed struck through, added underlined, both also named for
 * screen readers).
 */
export function RevisionDiff({ from, to }: { from: Side; to: Side }) {
  const fields = (Object.keys(to.values) as (keyof EditorValues)[]).filter(
    (name) => String(from.values[name]) !== String(to.values[name]),
  );
  // Parsing and diffing a whole article is the expensive part: once per pair of texts.
  const parts = useMemo(() => diffWords(articleText(from.content), articleText(to.content)), [from.content, to.content]);
  const bodyChanged = parts.some((part) => part.added || part.removed);
  if (fields.length === 0 && !bodyChanged) return <p className="text-sm text-slate-600">{workflowTexts.diffUnchanged}</p>;
  return (
    <div className="space-y-4 text-sm">
      {fields.length > 0 ? (
        <dl className="grid gap-2 sm:grid-cols-[max-content_1fr]">
          {fields.map((name) => (
            <div key={name} className="contents">
              <dt className="font-medium text-slate-700">{LABELS[name] ?? name}</dt>
              <dd className="text-slate-800">
                <del className="bg-red-50 text-red-800">{String(from.values[name])}</del>{" "}
                <span aria-hidden="true">→</span> <ins className="bg-green-50 text-green-800">{String(to.values[name])}</ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {bodyChanged ? (
        <div data-testid="body-diff" className="whitespace-pre-wrap rounded-md border border-slate-200 bg-white p-4 leading-relaxed text-slate-800">
          <WordDiff parts={parts} />
        </div>
      ) : null}
    </div>
  );
}
