//! Why a move is worth playing: reasons are data — a kind, the stones,
//! group or basin they refer to, and a value in moku that valuation
//! fills in. English text is made from them on demand ([`Reason::text`])
//! by the faces (GTP, the page), never stored.

use crate::eval::thermo::{self, ChoiceKind, ChoiceRule, Rational};
use crate::rules::{gtp_vertex, Color, Move, Point};

/// The kinds of reasons, one per idea a move generator knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReasonKind {
    /// Captures an opponent string (now or in a ladder or net).
    Capture,
    /// Saves an own string that could be captured.
    Save,
    /// Puts an opponent string in atari (a threat, not yet a capture).
    Atari,
    /// Kills an opponent group whose life depends on who moves first.
    Kill,
    /// Makes life for an own group whose life depends on who moves first.
    Live,
    /// Connects own stones that could be cut apart.
    Connect,
    /// Cuts opponent stones apart.
    Cut,
    /// Runs out with a weak own group towards open space.
    Escape,
    /// Attacks a weak opponent group (takes its room or eye space).
    Attack,
    /// Strengthens a weak own group.
    Defend,
    /// Surrounds a weak opponent group, blocking its way out.
    Surround,
    /// Enlarges an own moyo (framework).
    ExpandMoyo,
    /// Reduces an opponent moyo from outside.
    ReduceMoyo,
    /// Takes points the opponent would otherwise own (the playouts'
    /// ownership, in points).
    Reduce,
    /// Invades an opponent moyo.
    Invade,
    /// Closes an own moyo so that it becomes territory.
    CompleteMoyo,
    /// Plays on the weakest point of a moyo's boundary.
    DefendWeakPoint,
    /// Makes or takes territory (the influence count of the evaluation).
    Territory,
    /// An opening move from the fuseki table (corner, approach,
    /// enclosure, extension).
    Fuseki,
    /// A move of a joseki (a standard corner sequence).
    Joseki,
    /// Good or bad shape: a pattern of the database matched.
    Shape,
    /// An endgame move (gote or ko) with its value: by the thermography
    /// when its [`Reason::endgame`] says so.
    Endgame,
    /// A sente move by the thermograph (the opponent must answer), with
    /// its value in its [`Reason::endgame`].
    Sente,
    /// Fills a neutral point (counts under area scoring).
    Dame,
    /// Removes stones that are dead but still on the board (when the
    /// opponent disputes them).
    Cleanup,
    /// Passing: nothing on the board is worth a move.
    Pass,
    /// Valued by the classic search: its value in points (`moku`) and
    /// against the next best candidate (`versus`).
    Value,
    /// Read out by the tree search: its win rate (in the reason's
    /// `factor`) over the playouts through the move (its `size`).
    Search,
    /// Played instead of the tree search's first choice, which left the
    /// mover's string (its `target`, `size` stones at risk in all)
    /// capturable by the string reader, while the search found this move
    /// nearly as good (13x13 and up).
    Guard,
}

impl ReasonKind {
    /// The name of the kind in the JS API and GTP (`capture`,
    /// `expandMoyo`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ReasonKind::Capture => "capture",
            ReasonKind::Save => "save",
            ReasonKind::Atari => "atari",
            ReasonKind::Kill => "kill",
            ReasonKind::Live => "live",
            ReasonKind::Connect => "connect",
            ReasonKind::Cut => "cut",
            ReasonKind::Escape => "escape",
            ReasonKind::Attack => "attack",
            ReasonKind::Defend => "defend",
            ReasonKind::Surround => "surround",
            ReasonKind::ExpandMoyo => "expandMoyo",
            ReasonKind::ReduceMoyo => "reduceMoyo",
            ReasonKind::Reduce => "reduce",
            ReasonKind::Invade => "invade",
            ReasonKind::CompleteMoyo => "completeMoyo",
            ReasonKind::DefendWeakPoint => "defendWeakPoint",
            ReasonKind::Territory => "territory",
            ReasonKind::Fuseki => "fuseki",
            ReasonKind::Joseki => "joseki",
            ReasonKind::Shape => "shape",
            ReasonKind::Endgame => "endgame",
            ReasonKind::Sente => "sente",
            ReasonKind::Dame => "dame",
            ReasonKind::Cleanup => "cleanup",
            ReasonKind::Pass => "pass",
            ReasonKind::Search => "search",
            ReasonKind::Value => "value",
            ReasonKind::Guard => "guard",
        }
    }
}

/// How a fact is known, which the words say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Certainty {
    /// Seen on the board (stones removed, a liberty count, a pattern), or
    /// the generators' own estimate: said plainly.
    #[default]
    Board,
    /// Proved by the string reader: "proved by reading".
    Proved,
    /// Shown by the playouts through the move against its tenuki
    /// baseline: "in most of the playouts", "about N points".
    Playouts,
}

/// The [`Reason::name`] of the search's reason for a move the guard
/// played in place of the search's first choice.
pub const GUARDED: &str = "guarded";

/// One reason for a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Reason {
    /// What the move does.
    pub kind: ReasonKind,
    /// The colour of the stones or area the reason is about (the mover's
    /// for `Save`, the opponent's for `Capture`, ...).
    pub color: Color,
    /// A stone of the string or group it refers to, if any.
    pub target: Option<Point>,
    /// How many stones (or points of area) it concerns.
    pub size: u32,
    /// The moyo basin label it refers to (0 for none).
    pub basin: i16,
    /// The name of a pattern, joseki or fuseki entry; for
    /// [`ReasonKind::Search`], [`GUARDED`] when the guard played this
    /// move in place of the search's first choice.
    pub name: Option<&'static str>,
    /// For a pattern: its efficiency factor (> 1 good shape, < 1 bad);
    /// for [`ReasonKind::Search`]: the win rate, 0 to 1.
    pub factor: f32,
    /// Its value in moku (set by valuation; the pattern factor multiplies
    /// the move's whole value instead).
    pub moku: f32,
    /// For [`ReasonKind::Search`]: the lead, in points, the playouts had
    /// to win by (the lead the engine keeps; 0: any win).
    pub lead: f32,
    /// How the fact is known.
    pub certainty: Certainty,
    /// For [`ReasonKind::Search`]: the move's score lead for the mover,
    /// in points (the mean final margin of its playouts).
    pub score_lead: Option<f32>,
    /// For [`ReasonKind::Search`]: the playouts through the move in this
    /// search (its `size` also counts a kept tree's).
    pub samples: u32,
    /// For [`ReasonKind::Search`]: the search's next best move and how
    /// many points more this move's score lead is than its own.
    pub versus: Option<(Move, f32)>,
    /// For [`ReasonKind::Search`]: the search's noise on the difference in
    /// `versus`, in points ([`NOISE_ERRORS`] standard errors of it): a
    /// difference below it is said to be "within the search's noise".
    /// 0 where the search gave no error.
    ///
    /// [`NOISE_ERRORS`]: crate::engine::words::NOISE_ERRORS
    pub versus_noise: f32,
    /// For [`ReasonKind::Endgame`] and [`ReasonKind::Sente`]: what the
    /// thermography says of the move ([`EndgameNote`]).
    pub endgame: Option<EndgameNote>,
}

/// The thermography's word on an endgame move: what it is, why it stands
/// first or where it stands, and its value in points (miai counting:
/// the region's temperature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndgameNote {
    /// Gote, sente or ko.
    pub kind: ChoiceKind,
    /// The rule that puts it where it stands in the order.
    pub rule: ChoiceRule,
    /// Its value in points: the temperature of its region.
    pub value: Rational,
    /// The region it plays in (its id in the position's thermography).
    pub region: usize,
}

impl Reason {
    /// A reason of `kind` about the stones or area of `color`, not yet
    /// valued.
    pub fn new(kind: ReasonKind, color: Color) -> Reason {
        Reason {
            kind,
            color,
            target: None,
            size: 0,
            basin: 0,
            name: None,
            factor: 1.0,
            moku: 0.0,
            lead: 0.0,
            certainty: Certainty::Board,
            score_lead: None,
            samples: 0,
            versus: None,
            versus_noise: 0.0,
            endgame: None,
        }
    }

    /// With the string or group it refers to and its size.
    pub fn target(mut self, p: Point, size: usize) -> Reason {
        self.target = Some(p);
        self.size = size as u32;
        self
    }

    /// With the moyo basin it refers to and the basin's area.
    pub fn basin(mut self, label: i16, area: u32) -> Reason {
        self.basin = label;
        self.size = area;
        self
    }

    /// With the name of its pattern, joseki or fuseki entry.
    pub fn named(mut self, name: &'static str) -> Reason {
        self.name = Some(name);
        self
    }

    /// With its value in moku.
    pub fn moku(mut self, moku: f32) -> Reason {
        self.moku = moku;
        self
    }

    /// The reason in plain English for a board of `size`, with how it is
    /// known: "kills 3 stones at D4 (proved by reading)". Values in points
    /// are said once, by the search's reason, so that the numbers on one
    /// screen come from one search.
    ///
    /// ```
    /// use moku::engine::{Certainty, Reason, ReasonKind};
    /// use moku::{Color, Point};
    /// let r = Reason::new(ReasonKind::Capture, Color::White).target(Point::from_xy(4, 4), 3);
    /// assert_eq!(r.text(9), "captures 3 stones at E5");
    /// let k = Reason { certainty: Certainty::Playouts, ..Reason::new(ReasonKind::Kill, Color::White) };
    /// assert_eq!(k.clone().target(Point::from_xy(2, 2), 4).text(9), "kills White's 4 stones at C7 in most of the playouts");
    /// assert_eq!(k.target(Point::from_xy(2, 2), 1).text(9), "kills White's stone at C7 in most of the playouts");
    /// ```
    pub fn text(&self, size: usize) -> String {
        let what = self.describe(size);
        match (self.kind, self.certainty) {
            (ReasonKind::Kill | ReasonKind::Live | ReasonKind::Save, Certainty::Proved) => {
                format!("{what} (proved by reading)")
            }
            (ReasonKind::Kill | ReasonKind::Live, Certainty::Playouts) => {
                format!("{what} in most of the playouts")
            }
            _ => what,
        }
    }

    /// The reason in plain English, without its value.
    pub fn describe(&self, size: usize) -> String {
        let who = self.color.name();
        let at = self
            .target
            .map(|p| format!(" at {}", gtp_vertex(p, size)))
            .unwrap_or_default();
        let stones = match self.size {
            1 => "a stone".to_string(),
            n => format!("{n} stones"),
        };
        let name = self.name.unwrap_or("");
        match self.kind {
            ReasonKind::Capture => format!("captures {stones}{at}"),
            ReasonKind::Save => format!("saves {stones}{at} from capture"),
            ReasonKind::Atari => format!("puts {stones}{at} in atari"),
            ReasonKind::Kill if self.certainty != Certainty::Board => {
                format!("kills {who}'s {}{at}", owned_stones(self.size))
            }
            ReasonKind::Live if self.certainty != Certainty::Board => {
                format!("makes {who}'s {}{at} live", owned_stones(self.size))
            }
            ReasonKind::Kill => format!("kills {who}'s group{at} ({stones})"),
            ReasonKind::Live => format!("makes {who}'s group{at} live ({stones})"),
            ReasonKind::Connect => format!("connects {who}'s stones{at}"),
            ReasonKind::Cut => format!("cuts {who}'s stones{at} apart"),
            ReasonKind::Escape => format!("runs out with the weak group{at}"),
            ReasonKind::Attack => format!("attacks {who}'s weak group{at}"),
            ReasonKind::Defend => format!("strengthens {who}'s weak group{at}"),
            ReasonKind::Surround => format!("surrounds {who}'s weak group{at}"),
            ReasonKind::ExpandMoyo => format!("expands {who}'s moyo, basin {}", self.basin.abs()),
            ReasonKind::ReduceMoyo => format!("reduces {who}'s moyo, basin {}", self.basin.abs()),
            ReasonKind::Reduce => format!("reduces {who}'s area by about {} points", self.size),
            ReasonKind::Invade => format!("invades {who}'s moyo, basin {}", self.basin.abs()),
            ReasonKind::CompleteMoyo => {
                format!("closes {who}'s moyo, basin {}", self.basin.abs())
            }
            ReasonKind::DefendWeakPoint => {
                format!("defends the weak point of {who}'s wall")
            }
            // A negative value is what the move gives up there (it is
            // played for another reason): say so rather than "makes".
            ReasonKind::Territory if self.certainty == Certainty::Playouts => {
                format!("makes about {} points of territory", self.size)
            }
            ReasonKind::Territory if self.moku < 0.0 => {
                "gives up territory and influence".to_string()
            }
            ReasonKind::Territory => "makes territory and influence".to_string(),
            ReasonKind::Fuseki => format!("opening: {name}"),
            ReasonKind::Joseki => format!("joseki: {name}"),
            ReasonKind::Shape if self.factor >= 1.0 => format!("good shape: {name}"),
            ReasonKind::Shape => format!("bad shape: {name}"),
            ReasonKind::Endgame | ReasonKind::Sente if self.endgame.is_some() => {
                let n = self.endgame.expect("checked");
                thermo::words(n.kind, n.rule, n.value, 0)
            }
            ReasonKind::Endgame => format!("endgame move ({name})"),
            ReasonKind::Sente => "keeps sente".to_string(),
            ReasonKind::Dame => "fills a neutral point".to_string(),
            ReasonKind::Cleanup => format!("removes {who}'s dead stones{at}"),
            ReasonKind::Pass => "passes".to_string(),
            ReasonKind::Guard => format!(
                "keeps {stones}{at} out of capture: the tree search's first choice left them capturable"
            ),
            ReasonKind::Search => self.search_text(size),
            ReasonKind::Value => {
                let mut out = format!("the classic search values it at {:+.1} points", self.moku);
                if let Some((m, d)) = self.versus {
                    out.push_str(&format!(", {}", more_or_less(self.moku, d, m, size)));
                }
                out
            }
        }
    }
}

impl Reason {
    /// The search's line: "the tree search reads it best: White wins 61%
    /// (12,211 visits, 7,412 of them from this position); White leads by 4.5
    /// points, 1.2 more than at G4".
    fn search_text(&self, size: usize) -> String {
        let who = self.color.name();
        // A guarded move is not the one the search read best.
        let verdict = if self.name == Some(GUARDED) {
            "the tree search reads it nearly as well"
        } else {
            "the tree search reads it best"
        };
        let visits = if self.samples > 0 && self.samples < self.size {
            format!(
                "{} visits, {} of them from this position",
                thousands(u64::from(self.size)),
                thousands(u64::from(self.samples))
            )
        } else {
            format!("{} visits", thousands(u64::from(self.size)))
        };
        let mut out = if self.lead > 0.0 {
            format!(
                "{verdict}: {who} wins by more than {} points in {:.0}% ({visits})",
                self.lead,
                self.factor * 100.0
            )
        } else {
            format!(
                "{verdict}: {who} wins {:.0}% ({visits})",
                self.factor * 100.0
            )
        };
        if let Some(l) = self.score_lead {
            // Rounded first, so that a lead of -0.04 is "even", never
            // "leads by -0.0".
            let shown = tenths(l);
            if shown > 0.0 {
                out.push_str(&format!("; {who} leads by {shown:.1} points"));
            } else if shown < 0.0 {
                out.push_str(&format!("; {who} trails by {:.1} points", -shown));
            } else {
                out.push_str(&format!("; {who} is even on points"));
            }
            if let Some((m, d)) = self.versus {
                out.push_str(&format!(", {}", more_or_less(l, d, m, size)));
                if within_noise(l, d, self.versus_noise) {
                    out.push_str(", within the search's noise");
                }
            }
        }
        out
    }
}

/// Whether the difference `d` between a value `value` and another move's
/// is within the search's `noise`; a difference shown as 0.0 is "as much
/// as" and needs no qualifier.
fn within_noise(value: f32, d: f32, noise: f32) -> bool {
    shown_difference(value, d) != 0.0 && d.abs() < noise
}

/// The difference of `value` and a value `d` below it as the words show
/// it: that of the two values as shown, each rounded to a tenth.
fn shown_difference(value: f32, d: f32) -> f32 {
    tenths(tenths(value) - tenths(value - d))
}

/// `x` rounded to a tenth, as the words show it.
fn tenths(x: f32) -> f32 {
    (x * 10.0).round() / 10.0
}

/// "1.2 more than at G4", "0.4 less than by passing", "as much as at C3":
/// a value `value` against `m`'s, `d` below it. The difference is that of
/// the two values as shown, each rounded to a tenth, so that it adds up
/// with the figures beside it (2.8 against 7.2 is "4.4 less", where the
/// unrounded difference could round to 4.3).
fn more_or_less(value: f32, d: f32, m: Move, size: usize) -> String {
    let at = match m {
        Move::Play(p) => format!("at {}", gtp_vertex(p, size)),
        _ => "by passing".to_string(),
    };
    let d = shown_difference(value, d);
    if d == 0.0 {
        format!("as much as {at}")
    } else if d > 0.0 {
        format!("{d:.1} more than {at}")
    } else {
        format!("{:.1} less than {at}", -d)
    }
}

/// `n` with commas between thousands: 12,211.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// "stone", "3 stones": after a possessive ("Black's stone at C4").
fn owned_stones(n: u32) -> String {
    match n {
        1 => "stone".to_string(),
        n => format!("{n} stones"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn territory_given_up_is_not_called_made() {
        let gain = Reason::new(ReasonKind::Territory, Color::White).moku(3.0);
        assert_eq!(gain.text(19), "makes territory and influence");
        let cost = Reason::new(ReasonKind::Territory, Color::White).moku(-14.4);
        assert_eq!(cost.text(19), "gives up territory and influence");
        // The playouts' territory is counted in points.
        let counted = Reason {
            size: 8,
            certainty: Certainty::Playouts,
            ..Reason::new(ReasonKind::Territory, Color::White)
        };
        assert_eq!(counted.text(19), "makes about 8 points of territory");
    }

    #[test]
    fn texts_name_the_stones_and_the_value() {
        let r = Reason::new(ReasonKind::Save, Color::Black)
            .target(Point::from_xy(0, 0), 1)
            .moku(2.5);
        assert_eq!(r.text(19), "saves a stone at A19 from capture");
        let proved = Reason {
            certainty: Certainty::Proved,
            ..r.clone()
        };
        assert_eq!(
            proved.text(19),
            "saves a stone at A19 from capture (proved by reading)"
        );
        let m = Reason::new(ReasonKind::ReduceMoyo, Color::White)
            .basin(-3, 20)
            .moku(6.0);
        assert_eq!(m.text(19), "reduces White's moyo, basin 3");
        let reduced = Reason {
            size: 6,
            ..Reason::new(ReasonKind::Reduce, Color::White)
        };
        assert_eq!(reduced.text(19), "reduces White's area by about 6 points");
        let s = Reason {
            factor: 0.7,
            ..Reason::new(ReasonKind::Shape, Color::Black).named("empty triangle")
        };
        assert_eq!(s.text(19), "bad shape: empty triangle");
        assert_eq!(ReasonKind::ExpandMoyo.name(), "expandMoyo");
        let t = Reason {
            factor: 0.63,
            size: 1234,
            ..Reason::new(ReasonKind::Search, Color::White)
        };
        assert_eq!(
            t.text(9),
            "the tree search reads it best: White wins 63% (1,234 visits)"
        );
        let kept = Reason {
            lead: 6.0,
            ..t.clone()
        };
        assert_eq!(
            kept.text(9),
            "the tree search reads it best: White wins by more than 6 points in 63% (1,234 visits)"
        );
        // The playouts of this move, the score lead and the value against
        // the next best move, all from the one search: G7's lead is 3.22,
        // shown as 3.2.
        let full = Reason {
            samples: 1000,
            score_lead: Some(4.46),
            versus: Some((Move::Play(Point::from_xy(6, 2)), 1.24)),
            ..t.clone()
        };
        assert_eq!(
            full.text(9),
            "the tree search reads it best: White wins 63% (1,234 visits, 1,000 of them from this position); White leads by 4.5 points, 1.3 more than at G7"
        );
        // The difference is of the figures as shown: G7's lead of 7.16 is
        // shown as 7.2 beside it, so 2.8 is 4.4 less (the unrounded 4.32
        // would round to 4.3).
        let rounded = Reason {
            score_lead: Some(2.84),
            versus: Some((Move::Play(Point::from_xy(6, 2)), -4.32)),
            ..full.clone()
        };
        assert!(rounded
            .text(9)
            .ends_with("White leads by 2.8 points, 4.4 less than at G7"));
        let behind = Reason {
            score_lead: Some(-2.0),
            versus: Some((Move::Pass, -0.3)),
            ..t.clone()
        };
        assert!(behind
            .text(9)
            .ends_with("White trails by 2.0 points, 0.3 less than by passing"));
        // A difference under the search's noise says so; one above it,
        // or one shown as nothing, does not.
        let noisy = Reason {
            versus_noise: 1.5,
            ..full.clone()
        };
        assert!(noisy.text(9).ends_with(
            "White leads by 4.5 points, 1.3 more than at G7, within the search's noise"
        ));
        let clear = Reason {
            versus_noise: 1.2,
            ..full.clone()
        };
        assert!(clear.text(9).ends_with("1.3 more than at G7"));
        let even = Reason {
            versus: Some((Move::Play(Point::from_xy(6, 2)), 0.01)),
            versus_noise: 1.5,
            ..full.clone()
        };
        assert!(even.text(9).ends_with("as much as at G7"));
        // A lead that rounds to nothing is even, whichever its sign.
        for lead in [-0.04, 0.0, 0.04] {
            let even = Reason {
                score_lead: Some(lead),
                versus: None,
                ..t.clone()
            };
            assert!(
                even.text(9).ends_with("; White is even on points"),
                "{lead}"
            );
        }
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(12_211), "12,211");
        assert_eq!(thousands(1_000_000), "1,000,000");
        let g = Reason::new(ReasonKind::Guard, Color::Black).target(Point::from_xy(3, 15), 6);
        assert_eq!(
            g.text(19),
            "keeps 6 stones at D4 out of capture: the tree search's first choice left them capturable"
        );
        assert_eq!(ReasonKind::Guard.name(), "guard");
        let second = t.clone().named(GUARDED);
        assert_eq!(
            second.text(9),
            "the tree search reads it nearly as well: White wins 63% (1,234 visits)"
        );
    }
}
