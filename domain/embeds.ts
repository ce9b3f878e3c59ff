/**
 * Hosts whose video players may be embedded in articles. The article allowlist and the
 * Content-Security-Policy's frame-src both read this one list.
 */
export const VIDEO_EMBED_ORIGINS = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
] as const;
