import type { DragEvent } from "react";

type Props = {
  /** What the handle does, shown on hover. */
  title: string;
  /** What the drag carries as text (the dragged item's key). */
  dragData: string;
  /** Called when the drag starts, after the data is set; may set a drag image. */
  onDragStart: (event: DragEvent<HTMLSpanElement>) => void;
  onDragEnd: () => void;
  className?: string;
};

/**
 * The six-dot handle a list item is dragged by. For the pointer only (hidden and not
 * focusable): every list that has one also has move buttons, the keyboard's way.
 */
export function DragHandle({ title, dragData, onDragStart, onDragEnd, className = "" }: Props) {
  return (
    <span
      draggable
      aria-hidden="true"
      title={title}
      data-drag-handle=""
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", dragData);
        onDragStart(event);
      }}
      onDragEnd={onDragEnd}
      className={`cursor-grab touch-none rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 active:cursor-grabbing ${className}`}
    >
      <svg viewBox="0 0 12 20" width="12" height="20" fill="currentColor">
        {[3, 10, 17].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.6" />, <circle key={`b${y}`} cx="9" cy={y} r="1.6" />])}
      </svg>
    </span>
  );
}
