import { linkParts } from "../../../domain/disclosure-case";

/**
 * A message of the disclosure conversation as plain text: line breaks kept, http(s) addresses
 * made links that send no referrer, nothing else rendered (no HTML, no markup).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {linkParts(text).map((part, index) =>
        "href" in part ? (
          <a key={index} href={part.href} rel="noreferrer noopener nofollow" className="font-medium text-indigo-700 underline">
            {part.href}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
