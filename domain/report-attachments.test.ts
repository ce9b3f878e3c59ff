import { expect, test } from "vitest";
import { elfExecutable, tinyPdf, tinyPng, windowsExecutable } from "../tests/helpers/sample-files";
import { cleanBaseName, cleanFilename, formatBytes, isText, sniffAttachmentKind } from "./report-attachments";

test("types are recognised by their bytes", () => {
  expect(sniffAttachmentKind(tinyPng(), true)).toBe("png");
  expect(sniffAttachmentKind(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0]), true)).toBe("jpeg");
  expect(sniffAttachmentKind(tinyPdf(), true)).toBe("pdf");
  expect(sniffAttachmentKind(Buffer.from("plain text, ünïcödé ✓\n"), true)).toBe("txt");
  expect(sniffAttachmentKind(elfExecutable(), true)).toBeUndefined();
  expect(sniffAttachmentKind(windowsExecutable(), true)).toBeUndefined();
  expect(sniffAttachmentKind(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), true)).toBeUndefined();
  expect(sniffAttachmentKind(Buffer.alloc(0), true)).toBeUndefined();
});

test("text is valid UTF-8 without NUL; a character cut at the end of a head is allowed", () => {
  const text = Buffer.from("é");
  expect(isText(text.subarray(0, 1), false)).toBe(true);
  expect(isText(text.subarray(0, 1), true)).toBe(false);
  expect(isText(Buffer.from([0x61, 0xe9, 0x61]), false)).toBe(false);
  expect(isText(Buffer.from("a\u0000b"), false)).toBe(false);
});

test("file names are cleaned and carry the extension of their content", () => {
  expect(cleanFilename("../../etc/passwd", "txt")).toBe("passwd.txt");
  expect(cleanFilename("C:\\Users\\me\\shot.PNG", "png")).toBe("shot.png");
  expect(cleanFilename("invoice.pdf.exe", "pdf")).toBe("invoice.pdf.pdf");
  expect(cleanFilename("shell.php", "png")).toBe("shell.png");
  expect(cleanFilename("photo.jpeg", "jpeg")).toBe("photo.jpg");
  expect(cleanFilename("v1.2 release notes", "txt")).toBe("v1.2 release notes.txt");
  expect(cleanFilename(".htaccess", "txt")).toBe("htaccess.txt");
  expect(cleanFilename("..", "txt")).toBe("attachment.txt");
  expect(cleanFilename("", "png")).toBe("attachment.png");
  expect(cleanFilename("a\u0000b\u001fc\u202etxt.exe", "png")).toBe("abctxt.png");
  expect(cleanFilename('what?<>:"|*.txt', "txt")).toBe("what_______.txt");
  expect(cleanFilename(`${"x".repeat(300)}.txt`, "txt")).toBe(`${"x".repeat(100)}.txt`);
  expect(cleanBaseName("dir/  spaced   out  .png")).toBe("spaced out .png");
});

test("sizes read in binary units", () => {
  expect(formatBytes(512)).toBe("512 B");
  expect(formatBytes(1536)).toBe("1.5 KB");
  expect(formatBytes(10 * 1024 * 1024)).toBe("10.0 MB");
});
