import type { SitePage } from "../../../../domain/site-pages";
import { pageEditorCopy as copy } from "../../../content/admin-pages";
import { problemKey } from "./block-editing";
import { BlockList, blockElementId } from "./block-list";
import { focusBlockField } from "./rich-text-field";
import { PageActions } from "./page-actions";
import { PageFields } from "./page-fields";
import { PageHistory } from "./page-history";
import { PreviewLinksPanel } from "../workflow/preview-links-panel";
import { PagePreview } from "./page-preview";
import { usePageActions } from "./use-page-actions";
import { usePageDraft, type PageDraft } from "./use-page-draft";

/**
 * The page editor: the page's fields, its blocks beside a live preview, the history of a stored
 * page, and the actions (use-page-actions.ts), autosave among them.
 */
export function PageEditor({ stored, initial }: { stored?: SitePage; initial: PageDraft }) {
  const state = usePageDraft(initial);
  const { page, busy, publishAt, setPublishAt, publishAtError, actions, autosaveStatus, version } = usePageActions(stored, state);
  return (
    <div id="page-editor">
      <PageFields state={state} system={page?.system ?? false} livePath={page && page.status !== "draft" ? page.path : undefined} />
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="page-blocks-heading" className="min-w-0">
          <h2 id="page-blocks-heading" className="mb-3 text-xl font-semibold text-slate-900">
            {copy.blocksHeading}
          </h2>
          <BlockList state={state} />
        </section>
        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <PagePreview
            blocks={state.draft.blocks}
            onJump={({ blockId, field }) => {
              // Its problem shows there once the field is reached, as if she had left it.
              state.touch(problemKey(blockId, field));
              focusBlockField(blockElementId(blockId, field.split(".").join("-")), blockElementId(blockId, "heading"));
            }}
          />
        </div>
      </div>
      {page ? <PageHistory pageId={page.id} version={version} current={state.draft} busy={busy} onRestore={actions.onRestore} /> : null}
      {page ? (
        <div className="mt-10">
          <PreviewLinksPanel pageId={page.id} />
        </div>
      ) : null}
      <PageActions
        page={page}
        busy={busy}
        publishAt={publishAt}
        publishAtError={publishAtError}
        onPublishAtChange={setPublishAt}
        actions={actions}
        autosaveStatus={autosaveStatus}
      />
    </div>
  );
}
