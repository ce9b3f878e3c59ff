import { describe, expect, test } from "vitest";
import { EMPTY_SOURCE } from "./analytics";
import { campaignText, isEmptySource, sourceFromFormPage } from "./lead-source";

describe("the source of a form posted without JavaScript (its Referer)", () => {
  test("a form page reached by a campaign link is the landing page, with its UTM values", () => {
    expect(sourceFromFormPage("http://localhost:3000/contact?utm_source=newsletter&utm_medium=email&utm_campaign=launch")).toEqual({
      landing_path: "/contact",
      referrer_host: "",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "launch",
    });
  });

  test("a form page without UTM values says nothing: the visitor came from another page", () => {
    expect(sourceFromFormPage("http://localhost:3000/contact")).toEqual(EMPTY_SOURCE);
    expect(sourceFromFormPage("http://localhost:3000/contact?sent=1")).toEqual(EMPTY_SOURCE);
  });

  test("no Referer, or one that is not an address, gives an empty source", () => {
    expect(sourceFromFormPage(undefined)).toEqual(EMPTY_SOURCE);
    expect(sourceFromFormPage(null)).toEqual(EMPTY_SOURCE);
    expect(sourceFromFormPage("")).toEqual(EMPTY_SOURCE);
    expect(sourceFromFormPage("not a url")).toEqual(EMPTY_SOURCE);
  });

  test("values are bounded like any other source", () => {
    const source = sourceFromFormPage(`http://localhost/contact?utm_source=${"x".repeat(500)}&utm_campaign=a%0Ab`);
    expect(source.utm_source).toHaveLength(100);
    expect(source.utm_campaign).toBe("ab");
  });
});

test("a source is empty only when every value is", () => {
  expect(isEmptySource(EMPTY_SOURCE)).toBe(true);
  expect(isEmptySource({ ...EMPTY_SOURCE, landing_path: "/" })).toBe(false);
  expect(isEmptySource({ ...EMPTY_SOURCE, utm_medium: "email" })).toBe(false);
});

test("a campaign in words leaves out empty values", () => {
  expect(campaignText({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" })).toBe("newsletter / email / launch");
  expect(campaignText({ utm_source: "newsletter", utm_medium: "", utm_campaign: "launch" })).toBe("newsletter / launch");
  expect(campaignText({ utm_source: "", utm_medium: "", utm_campaign: "" })).toBe("");
});
