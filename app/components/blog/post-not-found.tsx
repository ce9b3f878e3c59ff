import { blogMessages } from "../../../domain/blog";
import { articleCopy } from "../../content/blog";
import { MessagePanel } from "../ui/message-panel";

/** 'Post Not Found' with the way back to the blog (specification, section 2): articles and previews. */
export function PostNotFound() {
  return (
    <MessagePanel
      heading={<h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{blogMessages.postNotFound}</h1>}
      lead={articleCopy.notFoundLead}
      link={{ to: "/blog", label: blogMessages.backToBlog }}
    />
  );
}
