import { expect, test } from "vitest";
import { displayAddress } from "./ip-address";

test("an IPv4-mapped address is shown as plain IPv4, any other address as it is", () => {
  expect(displayAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
  expect(displayAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  expect(displayAddress("203.0.113.7")).toBe("203.0.113.7");
  expect(displayAddress("2001:db8::1")).toBe("2001:db8::1");
  expect(displayAddress("::ffff:zz")).toBe("::ffff:zz");
});
