// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { writeAuth } from "@/api/auth-storage";
import { sampleCustomer } from "../../tests/msw/shopping-handlers";
import { GUEST_SESSION, readSession, sessionOf } from "./session";
import { useSession } from "./use-session";

function Shopper() {
  const { owner, isLoggedIn, customer } = useSession();
  return <p>{`${owner} ${isLoggedIn ? "in" : "out"} ${customer?.email ?? "nobody"}`}</p>;
}

/** What another tab does: it writes localStorage, and this tab hears a `storage` event. */
function otherTabWrites(value: string | null) {
  if (value === null) localStorage.removeItem("auth");
  else localStorage.setItem("auth", value);
  window.dispatchEvent(new StorageEvent("storage", { key: "auth", newValue: value }));
}

afterEach(() => localStorage.clear());

describe("session", () => {
  it.each([
    ["not JSON", "{token:"],
    ["no token", JSON.stringify({ data: sampleCustomer })],
    ["an empty token", JSON.stringify({ token: "", data: sampleCustomer })],
    ["not an object", JSON.stringify("t0k")],
  ])("reads a stored auth that is %s as a guest", (_, raw) => {
    localStorage.setItem("auth", raw);
    expect(readSession()).toEqual({ owner: "guest", isLoggedIn: false, customer: null });
  });

  it("owns a customer's cart by the stored customer's id, with the customer reshaped", () => {
    writeAuth({ token: "t0k", data: sampleCustomer });
    const session = readSession();
    expect(session.owner).toBe("customer:7");
    expect(session.isLoggedIn).toBe(true);
    expect(session.customer).toMatchObject({ id: 7, email: "demo@bicycle-shop.test", firstName: "Demo" });
    expect(session.customer).not.toHaveProperty("first_name");
    // The same object while nothing changes (useSyncExternalStore compares by identity).
    expect(readSession()).toBe(session);
  });

  it("keeps a token whose customer data is unreadable logged in, with no customer", () => {
    // The api client still sends the token, so the server sees a customer: the device must not act as a guest.
    expect(sessionOf({ token: "t0k", data: { id: 12, email: 3 } })).toEqual({
      owner: "customer:12",
      isLoggedIn: true,
      customer: null,
    });
    expect(sessionOf({ token: "t0k" })).toEqual({ owner: "customer:?", isLoggedIn: true, customer: null });
  });

  it("follows a login and a logout made in another tab", () => {
    render(<Shopper />);
    expect(screen.getByText("guest out nobody")).toBeTruthy();
    act(() => otherTabWrites(JSON.stringify({ token: "t0k", data: sampleCustomer })));
    expect(screen.getByText("customer:7 in demo@bicycle-shop.test")).toBeTruthy();
    act(() => otherTabWrites(null));
    expect(screen.getByText("guest out nobody")).toBeTruthy();
  });

  it("follows a login in this tab", () => {
    render(<Shopper />);
    act(() => writeAuth({ token: "t0k", data: { ...sampleCustomer, id: 9, email: "nine@bicycle-shop.test" } }));
    expect(screen.getByText("customer:9 in nine@bicycle-shop.test")).toBeTruthy();
  });

  it("renders a guest on the server, whatever the browser stores", () => {
    writeAuth({ token: "t0k", data: sampleCustomer });
    expect(renderToString(<Shopper />)).toBe("<p>guest out nobody</p>");
    expect(readSession()).not.toBe(GUEST_SESSION);
  });
});
