import { expect, test } from "vitest";
import { readSmallForm } from "./form-data.server";

const form = "application/x-www-form-urlencoded";

function post(body: BodyInit, type = form, headers: Record<string, string> = {}) {
  return new Request("http://localhost/contact", {
    method: "POST",
    headers: { "content-type": type, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

test("reads a URL-encoded form; the first value of a repeated field wins", async () => {
  const result = await readSmallForm(post("name=Ada+L%C3%B6velace&message=a%0D%0Ab&name=second"));
  expect(result).toEqual({ ok: true, values: { name: "Ada Lövelace", message: "a\r\nb" } });
});

test("a body over the cap is refused while it streams, whatever Content-Length claims", async () => {
  expect(await readSmallForm(post("x=".padEnd(2_000, "y")), 1_000)).toEqual({ ok: false, status: 413 });
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 0; index < 10; index += 1) controller.enqueue(new Uint8Array(200).fill(120));
      controller.close();
    },
  });
  expect(await readSmallForm(post(stream), 1_000)).toEqual({ ok: false, status: 413 });
});

test("other content types are refused", async () => {
  expect(await readSmallForm(post("{}", "application/json"))).toEqual({ ok: false, status: 415 });
});
