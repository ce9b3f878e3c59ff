import { useEffect, useRef } from "react";

/**
 * The lasting confirmation a form shows once it has been sent: announced as a status and given
 * the focus as it appears, so keyboard and screen-reader users land on it (decision 111). Render
 * it only while there is something to confirm; the look and the words are the caller's.
 */
export function Confirmation({ className, children }: { className: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className={className}>
      {children}
    </div>
  );
}
