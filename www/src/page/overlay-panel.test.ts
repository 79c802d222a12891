import { strict as assert } from "node:assert";
import { test } from "node:test";
import { analysisOptions } from "./overlay-panel.js";

test("the settings become analysis options; a threshold that is no whole number leaves the default", () => {
  assert.deepEqual(analysisOptions("tables", "12", false), {
    radiationModel: "tables",
    concaveFix: false,
    moyoThreshold: 12,
  });
  assert.deepEqual(analysisOptions("naive-euclid", "0", true), {
    radiationModel: "naive-euclid",
    concaveFix: true,
    moyoThreshold: 0,
  });
  for (const bad of ["", " ", "-3", "2.5", "twelve"])
    assert.equal(analysisOptions("tables", bad, false).moyoThreshold, undefined, bad);
});
