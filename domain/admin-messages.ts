import { authMessages } from "./auth";
import { blogMessages } from "./blog";
import { toastTitles } from "./toast";

const success = (description: string) => ({ title: toastTitles.success, description }) as const;
const failure = (description: string) => ({ title: toastTitles.error, description }) as const;

/**
 * Texts of the blog admin screens (specification, sections 2, 4, 5 and 8), defined once.
 * Toasts are title/description pairs, as `toast.success(title, { description })` shows them.
 */
export const adminToasts = {
  loginSuccess: success("Successfully logged in to blog admin"),
  /** The description is the server's error, else this fallback. */
  loginFailure: { title: toastTitles.error, fallback: authMessages.invalidCredentials },
  networkError: failure("Network error"),
  loggedOut: { title: "Logged out" },
  published: success("Post published successfully"),
  unpublished: success("Post unpublished successfully"),
  statusFailed: failure("Failed to update post status"),
  featured: success("Post featured successfully"),
  unfeatured: success("Post unfeatured successfully"),
  featuredFailed: failure("Failed to update featured status"),
  deleted: success("Blog post deleted successfully"),
  deleteFailed: failure("Failed to delete blog post"),
  created: success("Blog post created successfully"),
  updated: success("Blog post updated successfully"),
  createFailed: failure("Failed to create blog post"),
  updateFailed: failure("Failed to update blog post"),
  previewLinksRevoked: (count: number) => success(`All preview links were revoked (${count}).`),
  revokePreviewLinksFailed: failure("Failed to revoke preview links"),
} as const;

export const adminTexts = {
  loginHeading: "Blog Admin Login",
  passwordLabel: "Password",
  showPassword: "Show password",
  hidePassword: "Hide password",
  signIn: "Sign In",
  signingIn: "Signing in...",
  listHeading: "Blog Admin",
  viewBlog: "View Blog",
  newPost: "New Post",
  logout: "Logout",
  inboxesNav: "Inboxes",
  contactMessages: "Contact messages",
  securityReports: "Security reports",
  loadingPosts: "Loading posts...",
  loadPostsFailed: blogMessages.listError,
  emptyHeading: "No Blog Posts Yet",
  emptyLead: "Write the first article for the blog.",
  createFirstPost: "Create Your First Post",
  columns: { title: "Title", category: "Category", status: "Status", created: "Created", actions: "Actions" },
  featuredMark: "Featured",
  statusPublished: "Published",
  statusDraft: "Draft",
  publish: "Publish",
  unpublish: "Unpublish",
  feature: "Feature",
  unfeature: "Unfeature",
  edit: "Edit",
  delete: "Delete",
  confirmDelete: (title: string) => `Are you sure you want to delete "${title}"?`,
  createHeading: "Create Post",
  editHeading: "Edit Post",
  loadingPost: blogMessages.loadingPost,
  postNotFound: blogMessages.postNotFound,
  backToAdmin: "Back to Admin",
  loadingEditor: "Loading editor...",
  editorFailed: "The editor could not be loaded. Reload the page to try again.",
  editorPlaceholder: "Start writing...",
  featuredPost: "Featured Post",
  saveDraft: "Save Draft",
  fixFields: "Please correct the highlighted fields.",
} as const;

/** Labels of the post editor's fields, keyed by the post field they edit. */
export const postFieldLabels = {
  title: "Title",
  slug: "Slug",
  category: "Category",
  author_name: "Author Name",
  read_time: "Read Time",
  excerpt: "Excerpt",
  featured_image_url: "Featured Image URL",
  author_avatar_url: "Author Avatar URL",
  author_bio: "Author Bio",
  author_linkedin_url: "Author LinkedIn URL",
  content: "Content",
} as const;

/** Answers of the admin posts API that the specification does not word. */
export const adminApiMessages = {
  postNotFound: "Post not found",
  invalidPost: "The post is not valid",
} as const;
