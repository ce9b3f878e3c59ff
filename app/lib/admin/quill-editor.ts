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
  opensInNewTab,
  restoreOrdinarySpaces,
  safeImageSrc,
  safeLinkUrl,
  safeVideoUrl,
  EDITOR_TOOLBAR,
} from "../../../domain/editor-content";
import { MEDIA_ACCEPT } from "../../../domain/media";


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

  /** Only a link to another site opens a new tab: a path, fragment, mailto or tel stays here. */
  static override create(value: string): HTMLElement {
    const node = super.create(value) as HTMLElement;
    if (!opensInNewTab(node.getAttribute("href") ?? "")) {
      node.removeAttribute("target");
      node.removeAttribute("rel");
    }
    return node;
  }
}

class SafeImage extends ImageBlot {
  static override sanitize(url: string): string {
    return safeImageSrc(url);
  }

  /** An empty alt text is a choice (a decorative image), not a missing one: Quill's own drops it. */
  override format(name: string, value: string): void {
    if (name === "alt" && typeof value === "string") (this.domNode as HTMLElement).setAttribute("alt", value);
    else super.format(name, value);
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
  /** Replaces the body (a restored revision); undo history starts again. */
  setHtml: (html: string) => void;
  /** Called after each change the person makes. */
  onUserChange: (listener: () => void) => void;
  /** Asks for the description of the image at the cursor (or selected); false when there is none. */
  describeImageAtCursor: () => boolean;
  /** Called when the cursor moves onto an image or off it. */
  onImageAtCursor: (listener: (atImage: boolean) => void) => void;
};

/** Asks the person for an image's alternative text: the text, "" for decorative, undefined when skipped. */
export type DescribeImage = (currentAlt: string | null) => Promise<string | undefined>;

/** Builds the editor inside `host` (toolbar, then an editing area `height` px tall, 400 by default) with the given body. */
export function createPostEditor(
  host: HTMLElement,
  {
    html,
    placeholder,
    labelledBy,
    describedBy,
    uploadImage,
    describeImage,
    height = 400,
  }: {
    html: string;
    height?: number;
    placeholder: string;
    labelledBy: string;
    describedBy?: string;
    /** Stores a pasted, dropped or chosen image and answers its address (undefined: refused). */
    uploadImage?: (file: File) => Promise<string | undefined>;
    /** Asked after each image is inserted, and when an image is clicked (decision 183). */
    describeImage?: DescribeImage;
  },
): PostEditor {
  const element = document.createElement("div");
  element.style.height = `${height}px`;
  host.replaceChildren(element);
  const quill = new Quill(element, {
    theme: "snow",
    placeholder,
    formats: FORMATS,
    modules: {
      // The Image button offers every uploadable type (Quill's own chooser leaves out WebP).
      toolbar: uploadImage ? { container: EDITOR_TOOLBAR, handlers: { image: chooseImage } } : EDITOR_TOOLBAR,
      // Tab leaves the editor like any other field (no keyboard trap); indenting stays on the
      // toolbar, and Tab still indents at the start of a list item and inside a code block.
      keyboard: { bindings: { tab: false } },
      // Pasted, dropped and chosen images are uploaded and inserted by address, never as base64.
      ...(uploadImage ? { uploader: { mimetypes: UPLOAD_OFFERED_TYPES, handler: uploadHandler(uploadImage, describeImage) } } : {}),
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
  const images = imageDescriptions(quill, describeImage);

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
    setHtml(body) {
      quill.setContents(quill.clipboard.convert({ html: body }), Quill.sources.SILENT);
      quill.history.clear();
    },
    onUserChange(listener) {
      quill.on(Quill.events.TEXT_CHANGE, (_delta, _old, source) => {
        if (source === Quill.sources.USER) listener();
      });
    },
    destroy() {
      host.replaceChildren();
    },
    describeImageAtCursor: images.describeAtCursor,
    onImageAtCursor: images.onImageAtCursor,
  };
}

/** The image that starts at `index`, if any. */
function imageAt(quill: Quill, index: number): SafeImage | undefined {
  if (index < 0) return undefined;
  return quill.scroll.descendants(SafeImage, index, 1).find((blot) => quill.getIndex(blot) === index);
}

/** The index of the image at the cursor: the one selected, or the one just before (or after) the cursor. */
function imageAtCursor(quill: Quill): number | undefined {
  const range = quill.getSelection();
  if (!range) return undefined;
  const candidates = range.length === 1 ? [range.index] : range.length === 0 ? [range.index - 1, range.index] : [];
  return candidates.find((index) => imageAt(quill, index) !== undefined);
}

/** Asks for the description of the image at `index`, then writes it (as an edit the person made). */
async function describeAt(quill: Quill, index: number, describeImage: DescribeImage) {
  const image = imageAt(quill, index);
  if (!image) return;
  const alt = await describeImage((image.domNode as HTMLImageElement).getAttribute("alt"));
  if (alt !== undefined) quill.formatText(index, 1, "alt", alt, Quill.sources.USER);
  quill.setSelection(index + 1, 0, Quill.sources.SILENT);
}

/** Clicking an image, or asking for the one at the cursor, opens its description. */
function imageDescriptions(quill: Quill, describeImage: DescribeImage | undefined) {
  const listeners: ((atImage: boolean) => void)[] = [];
  if (describeImage) {
    quill.root.addEventListener("click", (event) => {
      const target = event.target;
      if (!(target instanceof HTMLImageElement)) return;
      const blot = Quill.find(target);
      if (blot instanceof SafeImage) void describeAt(quill, quill.getIndex(blot), describeImage);
    });
    quill.on(Quill.events.EDITOR_CHANGE, () => {
      const atImage = imageAtCursor(quill) !== undefined;
      for (const listener of listeners) listener(atImage);
    });
  }
  return {
    describeAtCursor(): boolean {
      const index = imageAtCursor(quill);
      if (index === undefined || !describeImage) return false;
      void describeAt(quill, index, describeImage);
      return true;
    },
    onImageAtCursor(listener: (atImage: boolean) => void) {
      listeners.push(listener);
    },
  };
}

/**
 * Every image type a browser may hand over: the server decides from the bytes and refuses the
 * ones it does not take with a clear message, rather than Quill dropping them silently.
 */
const UPLOAD_OFFERED_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/svg+xml",
  "image/bmp",
  "image/tiff",
  "image/avif",
  "image/heic",
  "image/x-icon",
];

type UploaderContext = { quill: Quill };

/** The toolbar's Image button: a file chooser whose files go through the uploader. */
function chooseImage(this: UploaderContext) {
  const { quill } = this;
  const input = document.createElement("input");
  input.type = "file";
  input.accept = MEDIA_ACCEPT;
  input.addEventListener("change", () => {
    const range = quill.getSelection(true);
    if (input.files?.length) quill.uploader.upload(range, input.files);
  });
  input.click();
}

function uploadHandler(uploadImage: (file: File) => Promise<string | undefined>, describeImage: DescribeImage | undefined) {
  return async function (this: UploaderContext, range: { index: number; length: number }, files: File[]) {
    const urls: string[] = [];
    for (const file of files) {
      const url = await uploadImage(file);
      if (url) urls.push(url);
    }
    if (urls.length === 0) return;
    if (range.length > 0) this.quill.deleteText(range.index, range.length, Quill.sources.USER);
    urls.forEach((url, offset) => this.quill.insertEmbed(range.index + offset, "image", url, Quill.sources.USER));
    this.quill.setSelection(range.index + urls.length, Quill.sources.SILENT);
    // Each new image is described in turn (decision 183).
    if (describeImage) for (let offset = 0; offset < urls.length; offset += 1) await describeAt(this.quill, range.index + offset, describeImage);
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
