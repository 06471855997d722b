import { afterEach, describe, expect, it, vi } from "vitest";
import { greetingFixScript, greetingForHour, greetingText, hourIn } from "~/domains/workspace/greeting";

describe("dashboard greeting (cut-offs 12:00 and 18:00)", () => {
  // A failed expectation inside a fake-clock loop must not leave the clock fake for the next file in this worker.
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [0, "Good morning"],
    [11, "Good morning"],
    [12, "Good afternoon"],
    [17, "Good afternoon"],
    [18, "Good evening"],
    [23, "Good evening"],
  ])("hour %i → %s", (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });

  it("is followed by the first name, or reads 'Welcome to your dashboard' without one", () => {
    expect(greetingText(9, "Ada")).toBe("Good morning, Ada");
    expect(greetingText(9, " ")).toBe("Welcome to your dashboard");
    expect(greetingText(20, null)).toBe("Welcome to your dashboard");
  });

  it("takes the hour in the browser's zone, and the server's own for an unknown zone", () => {
    const noonUtc = new Date("2026-11-21T12:30:00Z");
    expect(hourIn(noonUtc, "UTC")).toBe(12);
    expect(hourIn(noonUtc, "Europe/Prague")).toBe(13);
    expect(hourIn(noonUtc, "America/New_York")).toBe(7);
    expect(hourIn(noonUtc, "Asia/Kolkata")).toBe(18);
    expect(hourIn(noonUtc, "Not/AZone")).toBe(noonUtc.getHours());
    expect(hourIn(noonUtc, undefined)).toBe(noonUtc.getHours());
  });

  it("the pre-paint script writes the same greeting as greetingText at each cut-off", () => {
    for (const [time, expected] of [
      ["11:59", "Good morning, Ada"],
      ["12:00", "Good afternoon, Ada"],
      ["17:59", "Good afternoon, Ada"],
      ["18:00", "Good evening, Ada"],
    ] as const) {
      vi.useFakeTimers({ now: new Date(`2026-11-21T${time}:00`) });
      const element = {
        textContent: "Good evening, Ada",
        getAttribute: (name: string) => (name === "data-first-name" ? "Ada" : null),
      };
      const document = { getElementById: (id: string) => (id === "greeting" ? element : null) };
      new Function("document", greetingFixScript("greeting"))(document);
      expect(element.textContent).toBe(expected);
      expect(element.textContent).toBe(greetingText(new Date().getHours(), "Ada"));
      vi.useRealTimers();
    }
  });

  it("the script leaves the welcome line alone when there is no first name", () => {
    const element = { textContent: "Welcome to your dashboard", getAttribute: () => null };
    new Function("document", greetingFixScript("greeting"))({ getElementById: () => element });
    expect(element.textContent).toBe("Welcome to your dashboard");
  });
});
