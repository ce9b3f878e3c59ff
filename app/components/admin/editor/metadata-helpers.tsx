import { useState } from "react";
import { authorTexts, readTimeFor, readTimeTexts, type KnownAuthor } from "../../../../domain/post-editor";
import { adminApi } from "../../../lib/admin/client";
import { useAdminQuery } from "../../../lib/admin/hooks";

/** The authors already used on the site (decision 184); none while loading or when the list fails. */
export function useKnownAuthors(): KnownAuthor[] {
  const { query } = useAdminQuery("authors", adminApi.listAuthors);
  return query.status === "ready" ? query.data : [];
}

/** The profile fields a known author's name fills in; undefined for a name not used before. */
export function knownProfile(authors: KnownAuthor[], name: string) {
  const author = authors.find((each) => each.name === name);
  if (!author) return undefined;
  return { author_bio: author.bio, author_avatar_url: author.avatar ?? "", author_linkedin_url: author.linkedin_url ?? "" };
}

/** The author field's suggestions, and a polite line saying what choosing one filled in. */
export function KnownAuthorsList({ id, authors, filledFrom }: { id: string; authors: KnownAuthor[]; filledFrom: string | undefined }) {
  return (
    <>
      <datalist id={id}>
        {authors.map((author) => (
          <option key={author.name} value={author.name} />
        ))}
      </datalist>
      <p role="status" className="mt-1 text-sm text-slate-600">
        {filledFrom ? authorTexts.authorFilled(filledFrom) : ""}
      </p>
    </>
  );
}

/** "Calculate" beside the read time: the words of the body at about 230 a minute (decision 184). */
export function ReadTimeCalculate({ readContent, onCalculated }: { readContent: () => string; onCalculated: (readTime: string) => void }) {
  const [done, setDone] = useState<string>();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={() => {
          const readTime = readTimeFor(readContent());
          onCalculated(readTime);
          setDone(readTime);
        }}
        className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
      >
        {readTimeTexts.calculate}
      </button>
      <p role="status" className="text-sm text-slate-600">
        {done ? readTimeTexts.calculated(done) : ""}
      </p>
    </div>
  );
}
