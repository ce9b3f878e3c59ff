import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { workflowTexts } from "../../../../domain/post-workflow";

/**
 * Asks before the editor is left with changes not saved to the post: closing or reloading the
 * tab (beforeunload), and links or Back inside the site (React Router's blocker). `allowLeaving`
 * lets a successful Save Draft or Publish go to the list without asking.
 */
export function useLeaveGuard(dirty: boolean) {
  const leaving = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(workflowTexts.leaveConfirm)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  return {
    allowLeaving: (allow: boolean) => {
      leaving.current = allow;
    },
  };
}
