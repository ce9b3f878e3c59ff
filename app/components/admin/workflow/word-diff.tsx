import type { Change } from "diff";

/**
 * A text diffed word by word (`diffWords`), as every history shows one: removed words struck
 * through, added ones underlined, both also named for screen readers by their elements.
 */
export function WordDiff({ parts }: { parts: Change[] }) {
  return parts.map((part, index) =>
    part.removed ? (
      <del key={index} className="bg-red-100 text-red-900">
        {part.value}
      </del>
    ) : part.added ? (
      <ins key={index} className="bg-green-100 text-green-900">
        {part.value}
      </ins>
    ) : (
      <span key={index}>{part.value}</span>
    ),
  );
}
