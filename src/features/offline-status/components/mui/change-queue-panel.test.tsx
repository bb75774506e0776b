// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../../../tests/utils/render";
import type { QueueEntry } from "@/offline/outbox/change-queue";
import { ChangeQueuePanel } from "./change-queue-panel";

function anchor(): HTMLElement {
  const button = document.createElement("button");
  document.body.append(button);
  return button;
}

const waiting: QueueEntry = {
  keys: ["k1"],
  text: "Add Dirt Jumper Mini to cart",
  submittedAt: 1,
  undoable: true,
};

describe("the change queue panel", () => {
  it("is titled 'Changes waiting to be sent' while changes wait", async () => {
    await renderWithProviders(
      <ChangeQueuePanel anchor={anchor()} entries={[waiting]} summary={null} onClose={() => {}} />,
    );
    expect(screen.getByRole("dialog", { name: "Changes waiting to be sent" })).toBeTruthy();
  });

  it("is titled 'Changes sent' once everything was sent, above what the replay did", async () => {
    await renderWithProviders(
      <ChangeQueuePanel
        anchor={anchor()}
        entries={[]}
        summary={{ synced: 2, syncedKeys: ["k1", "k2"], refused: [], priceChanged: [] }}
        onClose={() => {}}
      />,
    );
    const panel = screen.getByRole("dialog", { name: "Changes sent" });
    expect(panel.textContent).toContain("2 changes made offline are now synced.");
    expect(screen.queryByRole("dialog", { name: "Changes waiting to be sent" })).toBeNull();
  });
});
