import { notFoundCopy } from "../../content/not-found";
import { MessagePanel } from "../ui/message-panel";

export function NotFound() {
  return (
    <MessagePanel
      heading={<h1 className="text-6xl font-extrabold tracking-tight text-indigo-700">{notFoundCopy.code}</h1>}
      lead={notFoundCopy.message}
      leadClassName="mt-4 text-xl text-slate-700"
      link={{ to: "/", label: notFoundCopy.homeLink }}
    />
  );
}
