//! Rule sets: which ko rule, which scoring, whether suicide is allowed.

use std::fmt;

/// How repetition is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden.
    Simple,
    /// No move may recreate an earlier whole-board position.
    PositionalSuperko,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese, AGA, New Zealand).
    Area,
    /// Surrounded empty points plus prisoners; seki eyes count nothing
    /// (Japanese).
    Territory,
}

/// A named rule set. Each fixes the ko rule, the scoring and suicide.
///
/// ```
/// use moku::RuleSet;
/// use moku::rules::{KoRule, Scoring};
/// let r = RuleSet::parse("chinese").unwrap();
/// assert_eq!(r.ko_rule(), KoRule::PositionalSuperko);
/// assert_eq!(RuleSet::Japanese.scoring(), Scoring::Territory);
/// assert!(RuleSet::NewZealand.suicide_allowed());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RuleSet {
    /// Territory scoring, simple ko, no suicide.
    #[default]
    Japanese,
    /// Area scoring, positional superko, no suicide.
    Chinese,
    /// Area scoring (equivalent to AGA's counting), positional superko, no suicide.
    Aga,
    /// Area scoring, positional superko, suicide allowed.
    NewZealand,
    /// Area scoring, positional superko, suicide allowed (the logical rules).
    TrompTaylor,
}

impl RuleSet {
    /// Every rule set, for user interfaces.
    pub const ALL: [RuleSet; 5] = [
        RuleSet::Japanese,
        RuleSet::Chinese,
        RuleSet::Aga,
        RuleSet::NewZealand,
        RuleSet::TrompTaylor,
    ];

    /// The ko rule of this rule set.
    pub fn ko_rule(self) -> KoRule {
        match self {
            RuleSet::Japanese => KoRule::Simple,
            _ => KoRule::PositionalSuperko,
        }
    }

    /// The scoring method of this rule set.
    pub fn scoring(self) -> Scoring {
        match self {
            RuleSet::Japanese => Scoring::Territory,
            _ => Scoring::Area,
        }
    }

    /// Whether a move may remove its own stones.
    pub fn suicide_allowed(self) -> bool {
        matches!(self, RuleSet::NewZealand | RuleSet::TrompTaylor)
    }

    /// Parses a rule set name as SGF `RU[]` values and users write them
    /// (`Japanese`, `Chinese`, `AGA`, `NZ`, `New Zealand`, `Tromp-Taylor`,
    /// any case).
    pub fn parse(text: &str) -> Option<RuleSet> {
        let t: String = text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match t.as_str() {
            "japanese" | "jp" | "korean" => Some(RuleSet::Japanese),
            "chinese" | "cn" => Some(RuleSet::Chinese),
            "aga" => Some(RuleSet::Aga),
            "nz" | "newzealand" => Some(RuleSet::NewZealand),
            "tromptaylor" | "tt" => Some(RuleSet::TrompTaylor),
            _ => None,
        }
    }

    /// The name written to SGF `RU[]`.
    pub fn sgf_name(self) -> &'static str {
        match self {
            RuleSet::Japanese => "Japanese",
            RuleSet::Chinese => "Chinese",
            RuleSet::Aga => "AGA",
            RuleSet::NewZealand => "NZ",
            RuleSet::TrompTaylor => "Tromp-Taylor",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.sgf_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in RuleSet::ALL {
            assert_eq!(RuleSet::parse(r.sgf_name()), Some(r));
        }
        assert_eq!(RuleSet::parse("New Zealand"), Some(RuleSet::NewZealand));
        assert_eq!(RuleSet::parse("ing"), None);
    }
}
