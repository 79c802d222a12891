import { strict as assert } from "node:assert";
import { test } from "node:test";
import { leftOutText, notOpenedText, openedText } from "./page.js";

test("the status line after opening a record: its moves, or a position with none to step through", () => {
  assert.equal(openedText("the pasted SGF", 1), "Opened the pasted SGF: 1 move. Use the arrows to step through it.");
  assert.equal(openedText("game.sgf", 212), "Opened game.sgf: 212 moves. Use the arrows to step through it.");
  // A setup-only record said "0 moves. Use the arrows to step through it."
  assert.equal(openedText("the pasted SGF", 0), "Opened the pasted SGF: a position with no moves.");
});

test("a record that could not be opened replaces the status of the one before", () => {
  assert.equal(
    notOpenedText("the pasted SGF"),
    "Could not open the pasted SGF: the board still shows the game from before.",
  );
});

test("a record opened up to where it breaks the rules says what was left out and why", () => {
  assert.equal(
    leftOutText("game.sgf", "line 9, column 2: move 5 (White G7) is illegal: that point is already occupied"),
    "Shown up to where game.sgf breaks the rules; the rest is left out, and saving keeps only what is shown. " +
      "Line 9, column 2: move 5 (White G7) is illegal: that point is already occupied.",
  );
});
