import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

const MIN_HEIGHT = 600;

/**
 * A frame `width` pixels wide, scaled down to fit its column, that shows `children` with the
 * site's own style sheets: the page's breakpoints answer the frame's width (390 px is a phone's),
 * not the admin's window. An empty frame of this origin, filled by a portal (the site forbids
 * being framed by address, decision 197's pages included). Inert: a picture of the page.
 */
export function PreviewFrame({ width, title, children }: { width: number; title: string; children: React.ReactNode }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement>();
  const [room, setRoom] = useState(width);
  const [height, setHeight] = useState(MIN_HEIGHT);

  function fill() {
    const doc = frame.current?.contentDocument;
    if (!doc || doc.body.dataset.filled) return;
    for (const sheet of document.querySelectorAll('link[rel="stylesheet"]')) doc.head.append(sheet.cloneNode(true));
    doc.body.className = document.body.className;
    doc.body.dataset.filled = "true";
    setBody(doc.body);
  }
  useEffect(fill, []);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  // The frame grows with the page inside (blocks load their code, images arrive).
  useEffect(() => {
    const view = body?.ownerDocument.defaultView;
    if (!body || !view) return;
    const observer = new view.ResizeObserver(() => setHeight(Math.max(MIN_HEIGHT, body.scrollHeight)));
    observer.observe(body);
    return () => observer.disconnect();
  }, [body]);

  const scale = Math.min(1, room / width);
  return (
    <div ref={box} style={{ height: height * scale }} className="overflow-hidden">
      <iframe
        ref={frame}
        title={title}
        inert
        onLoad={fill}
        style={{ width, height, transform: `scale(${scale})`, transformOrigin: "top left" }}
        className="block border-0 bg-white"
      />
      {body ? createPortal(children, body) : null}
    </div>
  );
}
