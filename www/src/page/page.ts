// The demo page's own elements and its messages: the one place that
// looks elements up by id and writes the status and error lines.

/** Looks up an element that the page's HTML must have. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** The message of a thrown value. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Shows an error (an illegal move, a bad file) under the board. */
export function showError(text: string): void {
  const m = $("message");
  m.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  m.classList.add("error");
}

/** Clears the error line. */
export function clearMessage(): void {
  const m = $("message");
  m.textContent = "";
  m.classList.remove("error");
  delete m.dataset.kind;
}

/** Says `text` in the status line (a live region: screen readers read it). */
export function announce(text: string): void {
  $("status").textContent = text;
}

/** Says where the keyboard cursor is, in a live region of its own so that it never overwrites the status line. */
export function announceCursor(text: string): void {
  $("cursor-status").textContent = text;
}

/**
 * Opens a long job's box (`review`, `selfcheck`): `#PREFIX-box` shown and
 * running, its `#PREFIX-progress` bar at 0 of `total`, its Stop button shown
 * and `text` in `#PREFIX-summary`. Returns the bar.
 */
export function startProgress(prefix: string, total: number, text: string): HTMLProgressElement {
  const box = $(`${prefix}-box`);
  box.hidden = false;
  box.dataset.state = "running";
  const bar = $<HTMLProgressElement>(`${prefix}-progress`);
  bar.max = Math.max(total, 1);
  bar.value = 0;
  $(`${prefix}-stop`).hidden = false;
  $(`${prefix}-summary`).textContent = text;
  return bar;
}

/** Closes a long job's box (see {@link startProgress}): Stop hidden, "done" or "stopped", `text` as its summary. */
export function endProgress(prefix: string, done: boolean, text: string): void {
  $(`${prefix}-stop`).hidden = true;
  $(`${prefix}-box`).dataset.state = done ? "done" : "stopped";
  $(`${prefix}-summary`).textContent = text;
}
