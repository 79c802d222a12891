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
