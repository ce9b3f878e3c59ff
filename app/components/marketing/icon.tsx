/** Small line icons (24 × 24, stroked in the current color), drawn inline: no requests. */
const paths = {
  conversation: [
    "M4 5h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z",
    "M17 9h3a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-1v3l-4-3h-3",
  ],
  grounded: [
    "M6 2h9l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z",
    "M14 2v6h6",
    "M8.5 14.5l2.5 2.5 4.5-5",
  ],
  sparkles: [
    "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z",
    "M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z",
    "M5 16l.6 1.4L7 18l-1.4.6L5 20l-.6-1.4L3 18l1.4-.6z",
  ],
  chart: ["M3 3v18h18", "M7 15l4-4 3 3 6-7", "M16 7h4v4"],
  adaptive: [
    "M20 11a8 8 0 0 0-14.3-4.9L4 8",
    "M4 3v5h5",
    "M4 13a8 8 0 0 0 14.3 4.9L20 16",
    "M20 21v-5h-5",
  ],
  shield: ["M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5z", "M8.5 12l2.5 2.5 4.5-5"],
  onboarding: [
    "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2",
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
    "M19 8v6",
    "M22 11h-6",
  ],
  compliance: [
    "M12 3v18",
    "M5 7h14",
    "M5 7l-3 7a3 3 0 0 0 6 0z",
    "M19 7l-3 7a3 3 0 0 0 6 0z",
    "M8 21h8",
  ],
  sales: ["M3 17l6-6 4 4 8-8", "M14 7h7v7"],
  customer: [
    "M3 14v-2a9 9 0 0 1 18 0v2",
    "M21 15a2 2 0 0 1-2 2h-1v-6h1a2 2 0 0 1 2 2z",
    "M3 15a2 2 0 0 0 2 2h1v-6H5a2 2 0 0 0-2 2z",
    "M18 17v1a3 3 0 0 1-3 3h-3",
  ],
  mail: ["M3 5h18v14H3z", "M3 6l9 7 9-7"],
  phone: [
    "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z",
  ],
  check: ["M5 12.5l4.5 4.5L19 7.5"],
  arrowRight: ["M5 12h14", "M13 6l6 6-6 6"],
  external: ["M14 4h6v6", "M20 4l-9 9", "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
  chevronDown: ["M6 9l6 6 6-6"],
  lock: ["M5 11h14v10H5z", "M8 11V7a4 4 0 0 1 8 0v4"],
  eye: ["M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z", "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z"],
  people: [
    "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2",
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
    "M23 21v-2a4 4 0 0 0-3-3.9",
    "M16 3.1a4 4 0 0 1 0 7.8",
  ],
  target: [
    "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z",
    "M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12z",
    "M12 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  ],
} as const;

export type IconName = keyof typeof paths;

export function Icon({
  name,
  size = 24,
  className = "",
}: {
  name: IconName;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
