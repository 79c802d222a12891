//! The lesson a record carries at its cursor: the SGF markup of the
//! current node (labels, shapes, arrows, lines) with the inherited dimmed
//! points and partial view, and the game information of the root.

use serde::Serialize;
use tsify::Tsify;

use super::convert::Vertex;
use crate::record::sgf::{expand_point_list, parse_point, Node};
use crate::record::GameRecord;

/// A text written on a point (`LB`).
#[derive(Serialize, Tsify)]
pub struct Label {
    /// Where.
    pub vertex: Vertex,
    /// The text, e.g. `"a"` or `"12"`.
    pub text: String,
}

/// An arrow (`AR`) or a line (`LN`) between two points.
#[derive(Serialize, Tsify)]
pub struct Segment {
    /// The start (the tail of an arrow).
    pub from: Vertex,
    /// The end (the head of an arrow).
    pub to: Vertex,
}

/// The marks SGF draws on the board at the cursor. Values SGF would not
/// read (a point off the board, a label without its `:`) are left out,
/// so one bad mark never hides the others.
#[derive(Serialize, Tsify, Default)]
pub struct Markup {
    /// `LB`: texts on points.
    pub labels: Vec<Label>,
    /// `TR`: triangles.
    pub triangles: Vec<Vertex>,
    /// `CR`: circles.
    pub circles: Vec<Vertex>,
    /// `SQ`: squares.
    pub squares: Vec<Vertex>,
    /// `MA`: crosses.
    pub crosses: Vec<Vertex>,
    /// `SL`: selected points.
    pub selected: Vec<Vertex>,
    /// `AR`: arrows.
    pub arrows: Vec<Segment>,
    /// `LN`: lines.
    pub lines: Vec<Segment>,
    /// `DD`: dimmed points. Inherited: set by the nearest node on the
    /// line from the root that has `DD` (`DD[]` clears it).
    pub dimmed: Vec<Vertex>,
    /// `VW`: the part of the board to show, or `null` for all of it.
    /// Inherited as `DD` is (`VW[]` shows the whole board again).
    pub view: Option<Vec<Vertex>>,
}

/// Declares [`GameInfoView`], one optional string per root property, and
/// [`game_info_of`], which reads each from its property.
macro_rules! game_info_view {
    ($($(#[doc = $doc:literal])* $field:ident: $id:literal,)*) => {
        /// The game information of the record's root; a property the record does
        /// not have is left out.
        #[derive(Serialize, Tsify, Default)]
        #[serde(rename_all = "camelCase")]
        pub struct GameInfoView {
            $(
                $(#[doc = $doc])*
                #[tsify(optional)]
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $field: Option<String>,
            )*
        }

        /// The game information of the record's root.
        pub fn game_info_of(rec: &GameRecord) -> GameInfoView {
            let root = rec.root();
            let get = |id: &str| {
                root.get(id)
                    .map(str::trim)
                    .filter(|v| !v.is_empty())
                    .map(str::to_string)
            };
            GameInfoView {
                $($field: get($id),)*
            }
        }
    };
}

game_info_view! {
    /// Black's name (`PB`).
    black: "PB",
    /// White's name (`PW`).
    white: "PW",
    /// Black's rank (`BR`).
    black_rank: "BR",
    /// White's rank (`WR`).
    white_rank: "WR",
    /// The result as SGF writes it (`RE`).
    result: "RE",
    /// The event (`EV`).
    event: "EV",
    /// The date (`DT`).
    date: "DT",
    /// The game's name (`GN`).
    name: "GN",
    /// The komi (`KM`) as the record writes it.
    komi: "KM",
}

fn vertex((x, y): (u8, u8)) -> Vertex {
    Vertex { x, y }
}

/// Every point of property `id` (point lists, rectangles `aa:cc`
/// included); unreadable values are left out.
fn points(node: &Node, id: &str, size: usize) -> Vec<Vertex> {
    let mut out: Vec<Vertex> = Vec::new();
    for value in node.get_all(id) {
        for p in expand_point_list(value, size).unwrap_or_default() {
            let v = vertex(p);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The segments of property `id` (`AR[aa:cc]`); a value that is not two
/// points, or whose two points are the same, is left out (FF4 forbids it).
fn segments(node: &Node, id: &str, size: usize) -> Vec<Segment> {
    node.get_all(id)
        .filter_map(|value| {
            let (a, b) = value.split_once(':')?;
            let from = parse_point(a, size).ok()??;
            let to = parse_point(b, size).ok()??;
            (from != to).then(|| Segment {
                from: vertex(from),
                to: vertex(to),
            })
        })
        .collect()
}

/// The labels of a node (`LB[dd:text]`).
fn labels(node: &Node, size: usize) -> Vec<Label> {
    node.get_all("LB")
        .filter_map(|value| {
            let (at, text) = value.split_once(':')?;
            let p = parse_point(at, size).ok()??;
            Some(Label {
                vertex: vertex(p),
                text: text.to_string(),
            })
        })
        .collect()
}

/// The markup at the record's cursor.
pub fn markup_of(rec: &GameRecord) -> Markup {
    let size = rec.game().size();
    let mut dimmed = Vec::new();
    let mut view = None;
    let mut current = None;
    for node in rec.nodes_to_cursor() {
        if node.get("DD").is_some() {
            dimmed = points(node, "DD", size);
        }
        if node.get("VW").is_some() {
            let v = points(node, "VW", size);
            view = (!v.is_empty()).then_some(v);
        }
        current = Some(node);
    }
    let Some(node) = current else {
        return Markup::default();
    };
    Markup {
        labels: labels(node, size),
        triangles: points(node, "TR", size),
        circles: points(node, "CR", size),
        squares: points(node, "SQ", size),
        crosses: points(node, "MA", size),
        selected: points(node, "SL", size),
        arrows: segments(node, "AR", size),
        lines: segments(node, "LN", size),
        dimmed,
        view,
    }
}
