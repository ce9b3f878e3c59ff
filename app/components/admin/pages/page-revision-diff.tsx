import { diffWords } from "diff";
import type { PageBlockType } from "../../../../domain/page-blocks";
import { pageRevisionTexts } from "../../../../domain/page-revisions";
import { workflowTexts } from "../../../../domain/post-workflow";
import { blockFieldLabels, pageEditorCopy } from "../../../content/admin-pages";
import { WordDiff } from "../workflow/word-diff";
import type { FieldChange, PageDiff } from "./page-diff";

const PAGE_FIELD_LABELS: Record<string, string> = {
  title: pageEditorCopy.titleLabel,
  path: pageEditorCopy.pathLabel,
  "seo.title": pageEditorCopy.seoTitleLabel,
  "seo.description": pageEditorCopy.seoDescriptionLabel,
  "seo.social_image_url": pageEditorCopy.seoImageLabel,
  "seo.noindex": pageEditorCopy.seoNoindexLabel,
};

/** A block field's path in words: "items.0.question" → "Items › 1 › Question". */
function blockFieldLabel(path: string): string {
  return path
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : ((blockFieldLabels as Record<string, string>)[part] ?? part)))
    .join(" › ");
}

/** One field's text, word by word. */
function TextChange({ change }: { change: FieldChange }) {
  return (
    <span className="whitespace-pre-wrap break-words">
      <WordDiff parts={diffWords(change.before, change.after)} />
    </span>
  );
}

function Changes({ changes, label }: { changes: FieldChange[]; label: (path: string) => string }) {
  return (
    <dl className="mt-2 grid gap-2 sm:grid-cols-[max-content_1fr]">
      {changes.map((change) => (
        <div key={change.path} className="contents">
          <dt className="font-medium text-slate-700">{label(change.path)}</dt>
          <dd className="text-slate-800">
            <TextChange change={change} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

const KIND_STYLE = { added: "bg-green-50 text-green-800", removed: "bg-red-50 text-red-800", changed: "bg-amber-50 text-amber-900" } as const;

/**
 * What changed from a revision to the editor's draft: the page's own fields, then each block
 * added, removed or changed (with its changed fields' text) or moved.
 */
export function PageRevisionDiff({ diff, blockLabel }: { diff: PageDiff; blockLabel: (type: PageBlockType) => string }) {
  if (diff.page.length === 0 && diff.blocks.length === 0) return <p className="text-sm text-slate-600">{workflowTexts.diffUnchanged}</p>;
  return (
    <div className="space-y-4 text-sm" data-testid="page-diff">
      {diff.page.length > 0 ? <Changes changes={diff.page} label={(path) => PAGE_FIELD_LABELS[path] ?? path} /> : null}
      {diff.blocks.length > 0 ? (
        <ul className="space-y-3">
          {diff.blocks.map((block) => (
            <li key={`${block.kind}-${block.id}`} className="rounded-md border border-slate-200 bg-white p-3">
              <p className="font-semibold text-slate-900">
                <span className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_STYLE[block.kind]}`}>{pageRevisionTexts[block.kind]}</span>
                {`${blockLabel(block.type)} (${block.position})`}
                {block.moved ? <span className="ml-2 text-xs font-normal text-slate-600">{pageRevisionTexts.moved}</span> : null}
              </p>
              {block.fields.length > 0 ? <Changes changes={block.fields} label={blockFieldLabel} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
