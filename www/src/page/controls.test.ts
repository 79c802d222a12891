import { strict as assert } from "node:assert";
import { test } from "node:test";
import { levelText } from "./controls.js";

/** The engine's levels as `levels()` gives them: 1 to 10, the tree search from 6. */
const LEVELS = { min: 1, max: 10, treeFrom: 6 };

test("the level menu compares every measured level on the same board, against a named GNU Go level", () => {
  // The menu's full list is checked in the browser (screens.spec.ts); here, the rule each line follows:
  // every measured level's line names the same board and its GNU Go level, and the line under the menu adds 19x19.
  for (const n of [1, 6, 10]) {
    const { option, detail } = levelText(n, LEVELS);
    assert.match(option, /beats|loses/, option);
    assert.match(option, /GNU Go level \d+ on 9x9/, option);
    assert.match(detail, /19x19/, detail);
  }
  assert.equal(levelText(7, LEVELS).option, "7: strength not measured");
});

test("the line under the level menu gives the figures from docs/strength.md, and how level 10 was timed", () => {
  assert.equal(
    levelText(6, LEVELS).detail,
    "Level 6, tree search, about 1 s a move: measured against GNU Go level 10, 84.5% (76.1–90.3%) of 100 games on 9x9, a draw counting half; not measured on 19x19.",
  );
  assert.equal(
    levelText(10, LEVELS).detail,
    "Level 10, strongest, about 8 s a move: measured against GNU Go level 10 at 1 s a move, 92.5% (85.6–96.2%) of 100 games on 9x9 and 52.0% (42.3–61.5%) of 100 games on 19x19, a draw counting half.",
  );
  assert.equal(
    levelText(1, LEVELS).detail,
    "Level 1, fastest, classic search: measured against GNU Go level 1, the classic levels lost every game: 0 of 20 on 9x9, 0 of 4 on 19x19.",
  );
  assert.equal(levelText(8, LEVELS).detail, "Level 8: strength not measured.");
});
