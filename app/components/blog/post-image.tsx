import { blogImages } from "../../content/blog";

/**
 * A post's picture at the size of its placeholder: the given address, or the placeholder when
 * there is none. Decorative unless `alt` says otherwise. An image uploaded to this site comes with
 * the `srcset` of its smaller copies (computed by the server); `sizes` says how wide it is shown.
 */
export function PostImage({
  src,
  srcSet,
  sizes,
  kind,
  alt = "",
  lazy = false,
  className,
}: {
  src: string | null | undefined;
  srcSet?: string | null;
  sizes: string;
  kind: "featured" | "avatar";
  alt?: string;
  lazy?: boolean;
  className: string;
}) {
  const placeholder = kind === "avatar" ? blogImages.avatarPlaceholder : blogImages.placeholder;
  const responsive = src && srcSet ? { srcSet, sizes } : {};
  return (
    <img
      src={src || placeholder.src}
      {...responsive}
      width={placeholder.width}
      height={placeholder.height}
      alt={alt}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      className={className}
    />
  );
}
