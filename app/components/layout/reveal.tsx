import { useEffect, useRef } from "react";
import { REVEAL_THRESHOLD } from "../../lib/browser/ui-timing";
import { prefersReducedMotion } from "../../lib/browser/motion";

/**
 * A section that fades in once 15 % of it is visible. The server HTML always shows it: only
 * after hydration, and only for a section still below the fold, is it hidden until it scrolls
 * into view. Visitors without JavaScript, crawlers and people who prefer reduced motion see it
 * as it is.
 */
export function Reveal({
  children,
  className = "",
  as: Tag = "section",
  ...rest
}: {
  children: React.ReactNode;
  className?: string;
  as?: "section" | "div" | "article" | "li";
} & React.HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion() || !("IntersectionObserver" in window)) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.classList.add("reveal-pending");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          element.classList.remove("reveal-pending");
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.classList.remove("reveal-pending");
    };
  }, []);

  return (
    <Tag ref={ref as React.Ref<never>} className={`reveal ${className}`} {...rest}>
      {children}
    </Tag>
  );
}
