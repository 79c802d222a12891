// The single-file build (moku-board.single.js): <go-board> for a page that
// loads it with one <script type="module" src=...>, from any origin. The
// same file is the engine's worker: started in a worker (from a Blob that
// imports it when it is of another origin), it answers the engine's
// requests; in a page it defines the element. Only the side that runs is
// evaluated (esbuild inlines each dynamic import as a lazy module).

if (typeof document === "undefined") void import("../engine/engine-worker.js");
else void import("./moku-board.js");
