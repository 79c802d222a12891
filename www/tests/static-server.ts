// A static file server for the packaging tests: a built app, or the npm
// package served as a CDN serves it (with CORS headers, so that a page of
// another origin may load its modules and its wasm).

import { createReadStream, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".sgf": "application/x-go-sgf",
  ".svg": "image/svg+xml",
};

/** A running server: its base URL and how to stop it. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `root` on a free port of a loopback address: 127.0.0.1, or
 * another (127.0.0.2) for a second origin that the browser still counts
 * as the same machine's (a page may load from it without a
 * private-network prompt).
 */
export async function serveStatic(root: string, options: { cors: boolean; host?: string }): Promise<StaticServer> {
  const host = options.host ?? "127.0.0.1";
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    let file = join(root, path);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      statSync(file);
    } catch {
      res.writeHead(404).end("not found");
      return;
    }
    const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
    if (options.cors) headers["access-control-allow-origin"] = "*";
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}/`,
    // The page under test may still hold keep-alive connections: close
    // them too, or the close waits for the browser to let them go.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
