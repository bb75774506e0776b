import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { field, login, logout, mailedLink, register, uniqueEmail } from "./shopper";

test.beforeEach(async ({ request }) => {
  await request.post("/api/test/reset-rate-limits");
});

test("a shopper who forgot the password gets a link by mail, sets a new one once, and logs in with it", async ({
  page,
}) => {
  const email = uniqueEmail("reset");
  await register(page, { first: "Rosa", last: "Rider", email, password: "old-secret-1" });
  await logout(page);

  await page.goto("/login-register");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // (The login form stays shown until the page's code has arrived.)
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await field(page, "Email").fill(email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(
    page.getByText("If an account exists for this e-mail, we have sent a password reset link."),
  ).toBeVisible();

  const link = await mailedLink(email, "password-reset");
  expect(new URL(link).pathname).toBe("/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  // The token left the address bar (and the history entry) as soon as the page read it.
  expect(page.url()).not.toContain("token");
  expect(await page.evaluate(() => location.hash + location.search)).toBe("");

  await field(page, "New password").fill("new-secret-2");
  await field(page, "Confirm Password").fill("new-secret-2");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(
    page.getByText("Your password has been reset. Please log in with your new password."),
  ).toBeVisible();

  await login(page, email, "new-secret-2");
  await logout(page);

  // The link works once.
  // Opened afresh this time (a new page load, not a fragment change), the token leaves the address too.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  expect(page.url()).not.toContain("token");
  await field(page, "New password").fill("third-secret-3");
  await field(page, "Confirm Password").fill("third-secret-3");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(
    page.getByText("This password reset link is invalid, expired or already used. Please ask for a new one."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Send the reset link" })).toBeVisible();
});
