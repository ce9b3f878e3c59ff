import { createContext, useContext } from "react";
import type { PageImage } from "../../../domain/page-blocks";
import type { ResponsiveImage } from "../../../domain/media";

/**
 * The size and smaller copies of the images a page names that were uploaded here (/media/…),
 * keyed by address: the route's loader reads them (server/pages/public-pages.server.ts), as
 * articles' images get theirs. Without them an image is shown as it is.
 */
export const BlockImagesContext = createContext<Readonly<Record<string, ResponsiveImage>>>({});

/** A block's picture: decorative ones have alt="" (domain/page-blocks.ts), loaded when scrolled near. */
export function BlockImage({ image, sizes, className }: { image: PageImage; sizes: string; className?: string }) {
  const known = useContext(BlockImagesContext)[image.src];
  const responsive = known?.srcset ? { srcSet: known.srcset, sizes } : {};
  return (
    <img
      src={image.src}
      {...responsive}
      width={known?.width}
      height={known?.height}
      alt={image.alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
