import { useEffect, useRef } from "react";
import { FieldError } from "../../ui/form-messages";
import { fieldLabelClass } from "../admin-form";
import { RichTextEditor, type RichTextHandle } from "../rich-text-editor";

/** A block's writing area is shorter than a post's: a page holds several. */
const BLOCK_EDITOR_HEIGHT = 200;

/**
 * A block's rich text (a rich text block's content, a FAQ answer, a legal section's text), written
 * with the blog's editor and its toolbar, never as raw HTML (docs/decisions/222). The server cleans
 * it with the articles' allowlist. The wrapper carries the field's id, so a jump to the field lands
 * here (focusBlockField); a value changed from outside (a restored revision) replaces the text.
 */
export function RichTextField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error: string | undefined; onChange: (html: string) => void }) {
  const editor = useRef<RichTextHandle>(null);
  const written = useRef(value);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    editor.current?.setHtml(value);
  }, [value]);
  return (
    <div id={id} tabIndex={-1} data-rich-text="" className="outline-none">
      <span id={`${id}-label`} className={fieldLabelClass}>
        {label}
      </span>
      <div className="mt-1">
        <RichTextEditor
          ref={editor}
          initialHtml={value}
          labelledBy={`${id}-label`}
          errorId={`${id}-error`}
          invalid={Boolean(error)}
          height={BLOCK_EDITOR_HEIGHT}
          onChange={() => {
            written.current = editor.current?.getHtml() ?? "";
            onChange(written.current);
          }}
        />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Moves the focus to a block's field by its element id: its input, or a rich text's writing area; else to `fallbackId`. */
export function focusBlockField(id: string, fallbackId?: string): void {
  const element = document.getElementById(id) ?? (fallbackId ? document.getElementById(fallbackId) : null);
  if (!element) return;
  const control = element.matches("input, select, textarea") ? element : (element.querySelector<HTMLElement>(".ql-editor, input, select, textarea") ?? element);
  control.scrollIntoView({ block: "center" });
  control.focus({ preventScroll: true });
}
