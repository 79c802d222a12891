// A minimal SGF reader for the tests: the game tree as nested nodes of
// properties, independent of formatting and property order, so a saved
// file can be compared with the original tree.

/** One node: property id -> values, and the child nodes. */
export interface TreeNode {
  props: Record<string, string[]>;
  children: TreeNode[];
}

/** Parses the first game tree of `text`. */
export function parseTree(text: string): TreeNode {
  let i = text.indexOf("(");
  if (i < 0) throw new Error("no game tree");

  const skipSpace = (): void => {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  };

  function sequence(): TreeNode {
    // text[i] === "("
    i++;
    skipSpace();
    const nodes: TreeNode[] = [];
    while (text[i] === ";") {
      i++;
      const node: TreeNode = { props: {}, children: [] };
      skipSpace();
      while (/[A-Za-z]/.test(text[i] ?? "")) {
        let id = "";
        while (/[A-Za-z]/.test(text[i] ?? "")) id += text[i++];
        id = id.replace(/[a-z]/g, "");
        skipSpace();
        const values: string[] = [];
        while (text[i] === "[") {
          i++;
          let v = "";
          while (i < text.length && text[i] !== "]") {
            if (text[i] === "\\") i++;
            v += text[i++];
          }
          i++;
          values.push(v);
          skipSpace();
        }
        node.props[id] = values;
      }
      if (nodes.length > 0) nodes[nodes.length - 1]?.children.push(node);
      nodes.push(node);
      skipSpace();
    }
    const last = nodes[nodes.length - 1];
    if (!last) throw new Error("empty sequence");
    while (text[i] === "(") {
      last.children.push(sequence());
      skipSpace();
    }
    if (text[i] !== ")") throw new Error(`unexpected '${text[i] ?? "end"}' at ${i}`);
    i++;
    skipSpace();
    return nodes[0] as TreeNode;
  }

  return sequence();
}

/**
 * The tree as a canonical string: properties sorted, values trimmed, and
 * the root properties a writer may add or normalise (FF, CA, AP, GM) left
 * out.
 */
export function canonical(node: TreeNode, isRoot = true): string {
  const skip = isRoot ? new Set(["FF", "CA", "AP", "GM"]) : new Set<string>();
  const props = Object.keys(node.props)
    .filter((k) => !skip.has(k))
    .sort()
    .map((k) => `${k}${(node.props[k] ?? []).map((v) => `[${v.trim()}]`).join("")}`)
    .join("");
  const kids = node.children.map((c) => canonical(c, false));
  return `;${props}${kids.length === 1 ? kids[0] : kids.map((k) => `(${k})`).join("")}`;
}
