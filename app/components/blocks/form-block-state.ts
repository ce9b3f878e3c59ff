import { createContext } from "react";
import type { PublicForm } from "../../../domain/form-entries";

/**
 * What a landing page's action answered a form sent without JavaScript (docs/decisions/221): which
 * block sent it, what was typed, the problems by field, or that it was received.
 */
export type FormPostState = {
  block: string;
  values: Record<string, string | boolean>;
  fields: Record<string, string>;
  error?: string;
  sent?: boolean;
};

/** The forms the page's blocks name, by id (the loader reads them), and the last post's answer. */
export const FormBlocksContext = createContext<{ forms: Readonly<Record<string, PublicForm>>; posted?: FormPostState }>({ forms: {} });
