import { strict as assert } from "node:assert";
import { test } from "node:test";
import type { Analysis } from "../../../pkg/moku.js";
import { allOverlays, getOverlay, overlayAvailable } from "./index.js";

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
