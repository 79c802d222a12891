import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { Analysis } from "../../../pkg/moku.js";
import { allOverlays, drawOverlays, getOverlay, overlayAvailable } from "./index.js";

test("the built-in overlays are registered in the panel's order", () => {
  assert.deepEqual(
    allOverlays().map((o) => o.id),
    ["legal", "influence", "blocks", "danger", "potential", "moyo", "basins", "score", "status", "regions"],
  );
  assert.equal(getOverlay("moyo")?.label, "Moyo");
  assert.equal(getOverlay("no-such"), undefined);
});

test("an overlay is available only when the analysis has every field it draws", () => {
  const status = getOverlay("status");
  assert.ok(status);
  const partial = { groupStatus: new Int8Array(1) } as unknown as Analysis;
  assert.equal(overlayAvailable(status, partial), false);
  assert.equal(overlayAvailable(status, { ...partial, groups: [] } as unknown as Analysis), true);
  assert.equal(overlayAvailable(status, null), false);
});

test("the layers are stacked in the panel's order but for Danger's, on top: its figures lie on stones Group status crosses out", () => {
  const asked: string[] = [];
  const layerOf = (id: string): SVGGElement => {
    asked.push(id);
    return { replaceChildren() {}, dataset: {} } as unknown as SVGGElement;
  };
  drawOverlays(layerOf, new Set(["danger", "status"]), null);
  assert.deepEqual(asked, [
    "legal",
    "influence",
    "blocks",
    "potential",
    "moyo",
    "basins",
    "score",
    "status",
    "regions",
    "danger",
  ]);
});
