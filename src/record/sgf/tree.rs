//! The SGF data model: a collection of game trees made of nodes, each node a
//! list of properties. Pure text: values are decoded and unescaped, but not
//! interpreted.

use std::fmt;

/// Everything in one SGF file: one or more game trees.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// The root node of each game tree, in file order.
    pub games: Vec<Node>,
}

/// One node (`;B[pd]C[a comment]`) with the variations that follow it.
///
/// The main line continues through `children[0]`; further children are
/// alternative variations, in file order. A node with no children ends its
/// line.
///
/// Dropping, cloning, comparing and printing (`Debug`) trees take no
/// stack however deep they are (a main line nests one level per move, and
/// wasm has a stack of about 1 MB).
#[derive(Default)]
pub struct Node {
    /// The properties in file order, unknown ones and repeated ids included.
    pub props: Vec<Property>,
    /// The nodes that follow this one: `children[0]` is the main line.
    pub children: Vec<Node>,
}

/// One property: an id and its values (`AB[dd][pp]` has two values).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Property {
    /// The id in upper-case ASCII letters, e.g. `"B"`, `"AB"`, `"C"`.
    pub id: String,
    /// The values as text, unescaped, in file order; at least one (an
    /// empty value `[]` is `""`). Composed values such as `LB[aa:text]` or
    /// `AR[aa:bb]` stay one string with the `:` inside.
    pub values: Vec<String>,
}

impl Node {
    /// An empty node.
    pub fn new() -> Node {
        Node::default()
    }

    /// The first value of the first property `id`, e.g. `node.get("B")` is
    /// `Some("pd")`.
    pub fn get(&self, id: &str) -> Option<&str> {
        self.props
            .iter()
            .filter(|p| p.id == id)
            .find_map(|p| p.values.first())
            .map(String::as_str)
    }

    /// All values of every property `id`, in file order (`AB[aa]AB[bb]` and
    /// `AB[aa][bb]` both give `"aa"`, `"bb"`).
    pub fn get_all<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.props
            .iter()
            .filter(move |p| p.id == id)
            .flat_map(|p| p.values.iter().map(String::as_str))
    }

    /// Sets property `id` to `values`: replaces the first property `id` in
    /// place and removes any later ones, or appends it at the end.
    /// `node.set("KM", ["6.5"])`.
    pub fn set<I, S>(&mut self, id: &str, values: I)
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let values: Vec<String> = values.into_iter().map(Into::into).collect();
        match self.props.iter().position(|p| p.id == id) {
            Some(first) => {
                self.props[first].values = values;
                let mut index = 0;
                self.props.retain(|p| {
                    let keep = index <= first || p.id != id;
                    index += 1;
                    keep
                });
            }
            None => self.props.push(Property {
                id: id.to_string(),
                values,
            }),
        }
    }

    /// Removes every property `id`; returns whether there was one.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.props.len();
        self.props.retain(|p| p.id != id);
        self.props.len() != before
    }

    /// This node and then the main line below it (following `children[0]`).
    pub fn main_line(&self) -> impl Iterator<Item = &Node> {
        std::iter::successors(Some(self), |node| node.children.first())
    }
}

/// Shows the tree as its SGF text, `Node("(;B[aa]\n;W[bb])")`: written by
/// the (loop, not recursive) writer, so a tree of any depth prints.
impl fmt::Debug for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::new();
        super::write::write_game_tree(self, false, &mut text);
        f.debug_tuple("Node").field(&text.trim_end()).finish()
    }
}

/// Drops the tree without recursion.
impl Drop for Node {
    fn drop(&mut self) {
        let mut pending = std::mem::take(&mut self.children);
        while let Some(mut node) = pending.pop() {
            pending.append(&mut node.children);
            // `node` now has no children, so dropping it does not recurse.
        }
    }
}

/// Compares two trees without recursion.
impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        let mut pending = vec![(self, other)];
        while let Some((a, b)) = pending.pop() {
            if a.props != b.props || a.children.len() != b.children.len() {
                return false;
            }
            pending.extend(a.children.iter().zip(&b.children));
        }
        true
    }
}

impl Eq for Node {}

/// Clones a tree without recursion.
impl Clone for Node {
    fn clone(&self) -> Node {
        // The nodes in breadth-first order, each with its parent's index:
        // parents come before their children, and siblings stay together
        // in order.
        let mut order: Vec<(&Node, usize)> = vec![(self, 0)];
        let mut next = 0;
        while let Some(&(node, _)) = order.get(next) {
            order.extend(node.children.iter().map(|child| (child, next)));
            next += 1;
        }
        let mut copies: Vec<Node> = order
            .iter()
            .map(|(node, _)| Node {
                props: node.props.clone(),
                children: Vec::with_capacity(node.children.len()),
            })
            .collect();
        // Hand each copy to its parent, last first: a node's children are
        // all after it, so they are in place (in reverse) when it goes.
        for index in (1..copies.len()).rev() {
            let mut copy = std::mem::take(&mut copies[index]);
            copy.children.reverse();
            copies[order[index].1].children.push(copy);
        }
        let mut root = copies.swap_remove(0); // the root is always there
        root.children.reverse();
        root
    }
}

/// A property with these values (test builder for the SGF modules).
#[cfg(test)]
pub(super) fn prop(id: &str, values: &[&str]) -> Property {
    Property {
        id: id.to_string(),
        values: values.iter().map(|v| v.to_string()).collect(),
    }
}

/// A node with these properties and children (test builder).
#[cfg(test)]
pub(super) fn node(props: Vec<Property>, children: Vec<Node>) -> Node {
    Node { props, children }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node without children, with these properties (id and values).
    fn leaf(props: &[(&str, &[&str])]) -> Node {
        node(
            props.iter().map(|&(id, values)| prop(id, values)).collect(),
            vec![],
        )
    }

    #[test]
    fn get_returns_the_first_value_of_the_first_property() {
        let n = leaf(&[("AB", &["aa", "bb"]), ("AB", &["cc"]), ("C", &["hi"])]);
        assert_eq!(n.get("AB"), Some("aa"));
        assert_eq!(n.get("C"), Some("hi"));
        assert_eq!(n.get("W"), None);
    }

    #[test]
    fn get_all_joins_repeated_properties_in_order() {
        let n = leaf(&[("AB", &["aa", "bb"]), ("C", &["x"]), ("AB", &["cc"])]);
        assert_eq!(n.get_all("AB").collect::<Vec<_>>(), ["aa", "bb", "cc"]);
        assert_eq!(n.get_all("AW").count(), 0);
    }

    #[test]
    fn set_replaces_in_place_and_drops_duplicates() {
        let mut n = leaf(&[
            ("AB", &["aa"]),
            ("C", &["x"]),
            ("AB", &["cc"]),
            ("N", &["n"]),
        ]);
        n.set("AB", ["dd", "ee"]);
        assert_eq!(
            n,
            leaf(&[("AB", &["dd", "ee"]), ("C", &["x"]), ("N", &["n"])])
        );
    }

    #[test]
    fn set_appends_a_new_property_at_the_end() {
        let mut n = leaf(&[("B", &["aa"])]);
        n.set("C", [String::from("a comment")]);
        assert_eq!(n, leaf(&[("B", &["aa"]), ("C", &["a comment"])]));
    }

    #[test]
    fn remove_removes_every_copy() {
        let mut n = leaf(&[("TR", &["aa"]), ("B", &["bb"]), ("TR", &["cc"])]);
        assert!(n.remove("TR"));
        assert_eq!(n, leaf(&[("B", &["bb"])]));
        assert!(!n.remove("TR"));
    }

    #[test]
    fn main_line_follows_first_children() {
        // root -> B[aa] -> (W[bb] -> B[dd]) | W[cc]
        let tree = node(
            vec![prop("SZ", &["9"])],
            vec![node(
                vec![prop("B", &["aa"])],
                vec![
                    node(
                        vec![prop("W", &["bb"])],
                        vec![node(vec![prop("B", &["dd"])], vec![])],
                    ),
                    node(vec![prop("W", &["cc"])], vec![]),
                ],
            )],
        );
        let moves: Vec<_> = tree
            .main_line()
            .map(|n| n.props[0].values[0].as_str())
            .collect();
        assert_eq!(moves, ["9", "aa", "bb", "dd"]);
    }

    /// A tree of every shape up to a few levels, with distinct properties.
    fn bushy(depth: usize, label: &str) -> Node {
        let children = if depth == 0 {
            vec![]
        } else {
            (0..depth)
                .map(|i| bushy(depth - 1, &format!("{label}.{i}")))
                .collect()
        };
        node(vec![prop("N", &[label])], children)
    }

    #[test]
    fn clone_and_eq_keep_shape_and_order() {
        let tree = bushy(4, "r");
        let copy = tree.clone();
        assert_eq!(copy, tree);
        assert_eq!(copy.children[1].children[2].get("N"), Some("r.1.2"));
        assert_eq!(format!("{copy:?}"), format!("{tree:?}"));
        let small = node(
            vec![prop("CA", &["latin1"]), prop("B", &["a]"])],
            vec![node(vec![prop("W", &["bb"])], vec![])],
        );
        assert_eq!(
            format!("{small:?}"),
            r#"Node("(;CA[latin1]B[a\\]]\n;W[bb])")"#
        );
        assert_eq!(Node::new().clone(), Node::new());
    }

    #[test]
    fn eq_sees_any_difference() {
        let tree = bushy(3, "r");
        let mut other = tree.clone();
        other.children[2].children[1].props[0].values[0].push('!');
        assert_ne!(tree, other);
        let mut fewer = tree.clone();
        fewer.children[1].children.pop();
        assert_ne!(tree, fewer);
        let mut swapped = tree.clone();
        swapped.children.swap(0, 1);
        assert_ne!(tree, swapped);
    }

    #[test]
    fn very_long_lines_clone_compare_and_drop_without_overflowing_the_stack() {
        let mut root = Node::new();
        for _ in 0..300_000 {
            root = node(vec![prop("B", &["aa"])], vec![root]);
        }
        assert_eq!(root.main_line().count(), 300_001);
        let copy = root.clone();
        assert!(copy == root);
        assert_eq!(format!("{copy:?}").matches(';').count(), 300_001);
        drop(copy);
        drop(root);
    }
}
