import { blogImages } from "../../content/blog";

/**
 * A post's picture at the size of its placeholder: the given address, or the placeholder when
 * there is none. Decorative unless `alt` says otherwise.
 */
export function PostImage({
  src,
  kind,
  alt = "",
  lazy = false,
  className,
}: {
  src: string | null | undefined;
  kind: "featured" | "avatar";
  alt?: string;
  lazy?: boolean;
  className: string;
}) {
  const placeholder = kind === "avatar" ? blogImages.avatarPlaceholder : blogImages.placeholder;
  return (
    <img
      src={src || placeholder.src}
      width={placeholder.width}
      height={placeholder.height}
      alt={alt}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      className={className}
    />
  );
}
