import { useEffect, useImperativeHandle, useRef, useState } from "react";
import "quill/dist/quill.snow.css";
import "./rich-text-editor.css";
import { adminTexts } from "../../../domain/admin-messages";
import { imageAltTexts } from "../../../domain/post-editor";
import type { PostEditor } from "../../lib/admin/quill-editor";
import { useImageUpload } from "../../lib/admin/use-image-upload";
import { ImageAltDialog } from "./editor/image-alt-dialog";

export type RichTextHandle = {
  /** The body as article HTML; the initial body while the editor is still loading. */
  getHtml: () => string;
  focus: () => void;
  /** Replaces the body; ignored until the editor has loaded (it then starts from initialHtml). */
  setHtml: (html: string) => void;
};

/**
 * The post body editor: Quill 2, loaded with import() once this mounts in the browser, so it
 * never weighs on other pages. The server renders a 400 px placeholder of the same size.
 */
export function RichTextEditor({
  ref,
  initialHtml,
  labelledBy,
  errorId,
  invalid,
  onChange,
  height = 400,
}: {
  ref: React.Ref<RichTextHandle>;
  initialHtml: string;
  labelledBy: string;
  errorId: string;
  invalid: boolean;
  /** Called after each change the person makes to the body. */
  onChange?: () => void;
  /** The writing area's height in pixels (a page block's is smaller than a post's). */
  height?: number;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<PostEditor | null>(null);
  const initial = useRef({ html: initialHtml, labelledBy, errorId, height });
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const uploadImage = useImageUpload();
  const uploadRef = useRef(uploadImage);
  uploadRef.current = uploadImage;
  const altDialog = useAltDialog();
  const askRef = useRef(altDialog.ask);
  const [imageAtCursor, setImageAtCursor] = useState(false);

  useImperativeHandle(
    ref,
    () => ({
      getHtml: () => editorRef.current?.getHtml() ?? initial.current.html,
      focus: () => editorRef.current?.focus(),
      setHtml: (html: string) => {
        if (editorRef.current) editorRef.current.setHtml(html);
        else initial.current.html = html;
      },
    }),
    [],
  );

  useEffect(() => {
    let cancelled = false;
    const host = hostRef.current;
    import("../../lib/admin/quill-editor").then(
      ({ createPostEditor }) => {
        if (cancelled || !host) return;
        editorRef.current = createPostEditor(host, {
          html: initial.current.html,
          placeholder: adminTexts.editorPlaceholder,
          labelledBy: initial.current.labelledBy,
          describedBy: initial.current.errorId,
          uploadImage: (file) => uploadRef.current(file),
          describeImage: (alt) => askRef.current(alt),
          height: initial.current.height,
        });
        editorRef.current.onUserChange(() => onChangeRef.current?.());
        editorRef.current.onImageAtCursor(setImageAtCursor);
        setStatus("ready");
      },
      () => {
        if (!cancelled) setStatus("failed");
      },
    );
    return () => {
      cancelled = true;
      editorRef.current?.destroy();
      editorRef.current = null;
    };
  }, []);

  useEffect(() => {
    editorRef.current?.setInvalid(invalid);
  }, [invalid, status]);

  return (
    <div className={`rich-text-editor rounded-md bg-white ${invalid ? "ring-2 ring-red-600" : ""}`}>
      {status !== "ready" ? (
        <div
          role={status === "failed" ? "alert" : "status"}
          // The toolbar's 42 px above the writing area: the same size as the editor that replaces it.
          style={{ height: height + 42 }}
          className="flex items-center justify-center rounded-md border border-slate-300 text-slate-500"
        >
          {status === "failed" ? adminTexts.editorFailed : adminTexts.loadingEditor}
        </div>
      ) : null}
      <div ref={hostRef} hidden={status !== "ready"} />
      {imageAtCursor ? (
        <button
          type="button"
          onClick={() => editorRef.current?.describeImageAtCursor()}
          className="mt-2 rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
        >
          {imageAltTexts.editSelected}
        </button>
      ) : null}
      {altDialog.dialog}
    </div>
  );
}

/**
 * The image description dialog, asked for by the editor (after an upload, on a click on an image):
 * `ask` resolves with the text, "" for decorative, or undefined when skipped.
 */
function useAltDialog() {
  const [request, setRequest] = useState<{ initialAlt: string | null; resolve: (alt: string | undefined) => void }>();
  const ask = useRef((initialAlt: string | null) =>
    new Promise<string | undefined>((resolve) => setRequest({ initialAlt, resolve })),
  ).current;
  const dialog = request ? (
    <ImageAltDialog
      initialAlt={request.initialAlt}
      onClose={(alt) => {
        setRequest(undefined);
        request.resolve(alt);
      }}
    />
  ) : null;
  return { ask, dialog };
}
