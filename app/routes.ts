import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("solutions", "routes/solutions.tsx"),
  route("how-it-works", "routes/how-it-works.tsx"),
  route("features", "routes/features.tsx"),
  route("science", "routes/science.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("support", "routes/support.tsx"),
  route("security", "routes/security.tsx"),
  route("security/submit", "routes/security-submit.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("preview/:token", "routes/post-preview.tsx"),
  route("admin/login", "routes/admin-login.tsx"),
  layout("routes/admin-area.tsx", [
    route("admin/blog", "routes/admin-blog.tsx"),
    route("admin/blog/new", "routes/admin-editor.tsx", { id: "admin-new" }),
    route("admin/blog/edit/:id", "routes/admin-editor.tsx", { id: "admin-edit" }),
    route("admin/messages", "routes/admin-messages.tsx"),
    route("admin/reports", "routes/admin-reports.tsx"),
    route("admin/reports/:id", "routes/admin-report.tsx"),
  ]),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
