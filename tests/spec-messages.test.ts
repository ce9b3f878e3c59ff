import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

/**
 * Every text of the specification is written exactly once in the product's sources (app/,
 * domain/, server/; tests aside) and imported wherever it is shown. Counted as whole string
 * literals, template pieces and JSX text, so comments that quote a text do not count. The list
 * is copied from the specification (sections 2, 4, 5 and 8).
 */
const SPEC_MESSAGES = [
  // Section 2: screens.
  "Checking authentication...",
  "Oops! Page not found",
  "Submit Vulnerability Report",
  "Important Guidelines",
  "Reporter Information",
  "Vulnerability Details",
  "PNG, JPG, PDF, TXT up to 10MB",
  "Submitting...",
  "AI training insights",
  "Featured Articles",
  "Latest articles",
  "All articles",
  "Read More",
  "Loading blog posts...",
  "No blog posts available yet. Check back soon!",
  "Ready to transform your learning?",
  "Get Started",
  "Back to Blog",
  "Blog Admin Login",
  "Sign In",
  "Signing in...",
  "Blog Admin",
  "View Blog",
  "New Post",
  "Logout",
  "No Blog Posts Yet",
  "Create Your First Post",
  "Edit Post",
  "Create Post",
  "Loading post...",
  "Back to Admin",
  "Start writing...",
  "Featured Post",
  "Save Draft",
  "Your name *",
  "Your email *",
  "Message *",
  "Request demo",
  "See how it works",
  "Content Creator",
  // Sections 4, 5 and 8: messages.
  "Logged out",
  "Post published successfully",
  "Post unpublished successfully",
  "Post featured successfully",
  "Post unfeatured successfully",
  "Check out this blog post: ",
  "Sending...",
  "Missing fields",
  "Please fill in all required fields.",
  "Authentication required",
  "Authentication required to create posts",
  "Authentication required to update posts",
  "Authentication required to delete posts",
  'Are you sure you want to delete "',
  "Name is required",
  "Valid email is required",
  "Asset affected is required",
  "Vulnerability title is required",
  "VRT Category is required",
  "VRT Subcategory is required",
  "Weakness type is required",
  "Severity is required",
  "Description must be at least 50 characters",
  "Reproduction steps are required",
  "Impact description is required",
  "Error loading blog posts. Please try again later.",
  "Post Not Found",
  "Shared successfully",
  "Post shared via your device's share feature",
  "Link copied",
  "Post URL copied to clipboard",
  "Share failed",
  "Unable to share or copy link. Please copy the URL manually.",
  "Failed to update post status",
  "Failed to update featured status",
  "Failed to delete blog post",
  "Blog post deleted successfully",
  "Success",
  "Successfully logged in to blog admin",
  "Error",
  "Invalid credentials",
  "Network error",
  "Message sent!",
  "Thank you for your message. We'll get back to you soon.",
  "Failed to send message. Please try again.",
  "Blog post created successfully",
  "Blog post updated successfully",
  "Failed to create blog post",
  "Failed to update blog post",
  "Submission Failed",
  "There was an error submitting your report. Please try again.",
  "Report Submitted Successfully",
  "Thank you for your security report. We'll review it and get back to you soon.",
];

const ROOT = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every literal text of a module: strings, template pieces and JSX text, each with its place. */
function literalTexts(file: string): { text: string; at: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { text: string; at: string }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text = node.text;
    else if (ts.isJsxText(node)) text = node.text.trim();
    // A comparison (`status === "Error"`) reads a value; it does not write a text.
    const compared =
      node.parent !== undefined &&
      ts.isBinaryExpression(node.parent) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.parent.operatorToken.kind);
    if (text && !compared) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ text, at: `${path.relative(ROOT, file)}:${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const texts = ["app", "domain", "server"].flatMap(sourceFiles).flatMap(literalTexts);

test.each(SPEC_MESSAGES)("%j is written once", (message) => {
  const places = texts.filter((each) => each.text === message).map((each) => each.at);
  expect(places.length, places.join(", ")).toBe(1);
});
