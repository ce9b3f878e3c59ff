/**
 * Quill 2, set up for the post editor. Loaded only with import() from the editor component, so
 * neither Quill nor this module ever reaches a public page.
 */
import Quill from "quill";
import ImageBlot from "quill/formats/image.js";
import LinkBlot from "quill/formats/link.js";
import VideoBlot from "quill/formats/video.js";
import {
  BLANK_URL,
  escapeHtml,
  isBlankEditorHtml,
  restoreOrdinarySpaces,
  safeImageSrc,
  safeLinkUrl,
  safeVideoUrl,
  EDITOR_TOOLBAR,
} from "../../domain/editor-content";


/**
 * Exactly the formats the toolbar makes: pasted content is reduced to them too. No formula: its
 * embed is one of the two XSS paths of CVE-2025-15056.
 */
const FORMATS = [
  "header",
  "bold",
  "italic",
  "underline",
  "strike",
  "list",
  "script",
  "indent",
  "direction",
  "color",
  "background",
  "align",
  "link",
  "image",
  "video",
  "blockquote",
  "code-block",
];

/** Readable names for the toolbar's buttons and pickers (Quill labels them with format names). */
const TOOLBAR_LABELS: Record<string, string> = {
  "ql-header": "Heading",
  "ql-bold": "Bold",
  "ql-italic": "Italic",
  "ql-underline": "Underline",
  "ql-strike": "Strikethrough",
  "ql-list:ordered": "Numbered list",
  "ql-list:bullet": "Bulleted list",
  "ql-script:sub": "Subscript",
  "ql-script:super": "Superscript",
  "ql-indent:-1": "Decrease indent",
  "ql-indent:+1": "Increase indent",
  "ql-direction:rtl": "Right to left",
  "ql-color": "Text colour",
  "ql-background": "Highlight colour",
  "ql-align": "Alignment",
  "ql-link": "Link",
  "ql-image": "Image",
  "ql-video": "Video",
  "ql-blockquote": "Quote",
  "ql-code-block": "Code block",
  "ql-clean": "Clear formatting",
};

class SafeLink extends LinkBlot {
  static override sanitize(url: string): string {
    return safeLinkUrl(url);
  }
}

class SafeImage extends ImageBlot {
  static override sanitize(url: string): string {
    return safeImageSrc(url);
  }
}

class SafeVideo extends VideoBlot {
  static override sanitize(url: string): string {
    return safeVideoUrl(url);
  }

  /**
   * Quill's own html() writes the URL unescaped into a link (CVE-2025-15056). This writes the
   * embed the article allowlist knows, with the URL checked again and escaped.
   */
  override html(): string {
    const src = safeVideoUrl(VideoBlot.value(this.domNode) ?? "");
    if (src === BLANK_URL) return "";
    return `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${escapeHtml(src)}"></iframe>`;
  }
}

Quill.register({ "formats/link": SafeLink, "formats/image": SafeImage, "formats/video": SafeVideo }, true);

export type PostEditor = {
  /** The body as article HTML; "" when nothing was written. */
  getHtml: () => string;
  setInvalid: (invalid: boolean) => void;
  focus: () => void;
  destroy: () => void;
};

/** Builds the editor inside `host` (toolbar, then a 400 px editing area) with the given body. */
export function createPostEditor(
  host: HTMLElement,
  { html, placeholder, labelledBy, describedBy }: { html: string; placeholder: string; labelledBy: string; describedBy?: string },
): PostEditor {
  const element = document.createElement("div");
  element.style.height = "400px";
  host.replaceChildren(element);
  const quill = new Quill(element, {
    theme: "snow",
    placeholder,
    formats: FORMATS,
    modules: {
      toolbar: EDITOR_TOOLBAR,
      // Tab leaves the editor like any other field (no keyboard trap); indenting stays on the
      // toolbar, and Tab still indents at the start of a list item and inside a code block.
      keyboard: { bindings: { tab: false } },
    },
  });

  if (html) {
    quill.setContents(quill.clipboard.convert({ html }), Quill.sources.SILENT);
    quill.history.clear();
  }

  const root = quill.root;
  root.setAttribute("role", "textbox");
  root.setAttribute("aria-multiline", "true");
  root.setAttribute("aria-labelledby", labelledBy);
  if (describedBy) root.setAttribute("aria-describedby", describedBy);
  labelToolbar(host);

  return {
    getHtml() {
      if (quill.getLength() <= 1) return "";
      const semantic = restoreOrdinarySpaces(quill.getSemanticHTML());
      return isBlankEditorHtml(semantic) ? "" : semantic;
    },
    setInvalid(invalid) {
      if (invalid) root.setAttribute("aria-invalid", "true");
      else root.removeAttribute("aria-invalid");
    },
    focus() {
      quill.focus();
    },
    destroy() {
      host.replaceChildren();
    },
  };
}

function labelToolbar(host: HTMLElement) {
  for (const control of host.querySelectorAll<HTMLElement>(".ql-toolbar button, .ql-toolbar .ql-picker")) {
    const format = [...control.classList].find((name) => name.startsWith("ql-") && name !== "ql-picker");
    if (!format) continue;
    const value = control.getAttribute("value");
    const label = TOOLBAR_LABELS[value ? `${format}:${value}` : format];
    if (!label) continue;
    if (control.tagName === "BUTTON") {
      control.setAttribute("aria-label", label);
      control.title = label;
    } else {
      control.querySelector(".ql-picker-label")?.setAttribute("aria-label", label);
    }
  }
}
