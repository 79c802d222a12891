//! How much a search may spend: a [`Budget`] of nodes with an optional
//! [`Clock`], and the [`Meter`] every search of this layer counts its
//! nodes with, so that all of them stop the same way.
//!
//! A search that runs out of budget stops where it is; each search's
//! module says what its unfinished branches count as.

/// How often, in nodes, a search asks its clock whether time is up. At
/// the tactical reader's speed (over 200,000 nodes a second on
/// `reading.tst`) 64 nodes take well under a millisecond, and a clock read
/// costs far less than one node; a life-and-death node costs many
/// tactical nodes, so the same count in owl nodes still answers within a
/// small share of a move's time. (The tactical reader used 256 and the
/// owl search 64; one interval serves both.)
pub(crate) const CLOCK_INTERVAL: u64 = 64;

/// A source of "time is up", so that the core works without a system clock
/// (`std::time::Instant` panics on `wasm32-unknown-unknown`).
pub trait Clock {
    /// Whether the search must stop now.
    fn expired(&self) -> bool;
}

/// A wall-clock deadline (native targets only).
///
/// ```
/// use moku::reading::{Budget, Deadline};
/// let deadline = Deadline::in_millis(100);
/// let budget = Budget { clock: Some(&deadline), ..Budget::nodes(1_000_000) };
/// # let _ = budget;
/// ```
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct Deadline(pub std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Deadline {
    /// A deadline `ms` milliseconds from now.
    pub fn in_millis(ms: u64) -> Deadline {
        Deadline(std::time::Instant::now() + std::time::Duration::from_millis(ms))
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for Deadline {
    fn expired(&self) -> bool {
        std::time::Instant::now() >= self.0
    }
}

/// How much a search may spend: a node limit and an optional clock.
///
/// ```
/// use moku::reading::Budget;
/// let b = Budget::nodes(2_000);
/// assert_eq!(b.nodes, 2_000);
/// assert!(b.clock.is_none());
/// ```
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// Maximum number of nodes (positions visited).
    pub nodes: u64,
    /// Optional deadline, asked every few dozen nodes.
    pub clock: Option<&'a dyn Clock>,
    /// The nodes of each proof of an enclosed or framed group that a
    /// life-and-death query (`reading::owl`) asks, when not its default
    /// share of `nodes`.
    pub proof_nodes: Option<u64>,
}

impl Budget<'static> {
    /// A budget of `n` nodes and no clock.
    pub const fn nodes(n: u64) -> Budget<'static> {
        Budget {
            nodes: n,
            clock: None,
            proof_nodes: None,
        }
    }
}

impl<'a> Budget<'a> {
    /// This budget with `n` nodes for each proof a life-and-death query
    /// asks.
    ///
    /// ```
    /// use moku::reading::Budget;
    /// let b = Budget::nodes(4_000).with_proof_nodes(80_000);
    /// assert_eq!((b.nodes, b.proof_nodes), (4_000, Some(80_000)));
    /// ```
    pub const fn with_proof_nodes(self, n: u64) -> Budget<'a> {
        Budget {
            proof_nodes: Some(n),
            ..self
        }
    }
}

impl Default for Budget<'static> {
    /// The tactical reader's default budget
    /// ([`DEFAULT_NODES`](crate::reading::tactics::DEFAULT_NODES)).
    fn default() -> Self {
        Budget::nodes(crate::reading::tactics::DEFAULT_NODES)
    }
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("nodes", &self.nodes)
            .field("clock", &self.clock.is_some())
            .field("proof_nodes", &self.proof_nodes)
            .finish()
    }
}

/// Counts the nodes of a search against its budget. Once the limit is
/// reached or the clock has expired, the meter stays exhausted until the
/// next [`Meter::restart`].
pub(crate) struct Meter<'a> {
    budget: Budget<'a>,
    nodes: u64,
    /// Node count at which the current query stops.
    limit: u64,
    exhausted: bool,
}

impl<'a> Meter<'a> {
    /// A meter for one query of `budget`, already exhausted if its clock
    /// has expired: the clock is otherwise asked only every
    /// [`CLOCK_INTERVAL`] nodes, so a query of fewer nodes would never
    /// see the deadline, and a move reading hundreds of such queries
    /// after it went on for all of them.
    pub(crate) fn new(budget: &Budget<'a>) -> Meter<'a> {
        Meter {
            budget: *budget,
            nodes: 0,
            limit: budget.nodes,
            exhausted: budget.clock.is_some_and(|c| c.expired()),
        }
    }

    /// Starts the next query: a fresh budget on top of the nodes counted
    /// so far (none if the clock has expired).
    pub(crate) fn restart(&mut self) {
        self.limit = self.nodes + self.budget.nodes;
        self.exhausted = self.budget.clock.is_some_and(|c| c.expired());
    }

    /// Counts one node; false when the budget is spent.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.charge(1);
        !self.exhausted
    }

    /// Counts `n` nodes (the share of a nested search).
    #[inline]
    pub(crate) fn charge(&mut self, n: u64) {
        let before = self.nodes;
        self.nodes += n;
        if self.nodes >= self.limit {
            self.exhausted = true;
        } else if self.nodes / CLOCK_INTERVAL != before / CLOCK_INTERVAL {
            if let Some(c) = self.budget.clock {
                if c.expired() {
                    self.exhausted = true;
                }
            }
        }
    }

    /// Whether the budget is spent.
    #[inline]
    pub(crate) fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// Nodes counted since the meter was made.
    #[inline]
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The node budget of one query.
    #[inline]
    pub(crate) fn per_query(&self) -> u64 {
        self.budget.nodes
    }

    /// Whether a clock may stop the queries (their answers then depend
    /// on the time they were given, not on the board alone).
    #[inline]
    pub(crate) fn clocked(&self) -> bool {
        self.budget.clock.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A clock that expires after it has been asked `n` times.
    struct After(Cell<u32>);

    impl Clock for After {
        fn expired(&self) -> bool {
            let left = self.0.get();
            self.0.set(left.saturating_sub(1));
            left == 0
        }
    }

    impl After {
        /// A budget of `nodes` nodes with this clock.
        fn budget(&self, nodes: u64) -> Budget<'_> {
            Budget {
                clock: Some(self),
                ..Budget::nodes(nodes)
            }
        }
    }

    #[test]
    fn the_node_limit_stops_a_query_and_restart_grants_a_new_one() {
        let mut m = Meter::new(&Budget::nodes(3));
        assert!(m.tick());
        assert!(m.tick());
        assert!(!m.tick(), "the third node reaches the limit");
        assert!(m.exhausted());
        m.restart();
        assert!(!m.exhausted());
        assert!(m.tick());
        assert_eq!(m.nodes(), 4);
    }

    #[test]
    fn the_clock_is_asked_once_per_interval() {
        // Asked when the meter is made, then at every interval.
        let clock = After(Cell::new(2));
        let mut m = Meter::new(&clock.budget(10 * CLOCK_INTERVAL));
        for _ in 0..2 * CLOCK_INTERVAL - 1 {
            assert!(m.tick());
        }
        // The questions at the start and at CLOCK_INTERVAL found time
        // left; the one at twice the interval finds it up.
        assert!(!m.tick());
        assert_eq!(m.nodes(), 2 * CLOCK_INTERVAL);
        assert_eq!(clock.0.get(), 0);
    }

    #[test]
    fn a_charge_that_crosses_an_interval_asks_the_clock() {
        // Time left at the start, up at the next question.
        let clock = After(Cell::new(1));
        let mut m = Meter::new(&clock.budget(1_000));
        m.charge(CLOCK_INTERVAL - 1);
        assert!(!m.exhausted());
        m.charge(2);
        assert!(m.exhausted());
    }

    #[test]
    fn an_expired_clock_stops_a_fresh_query_before_its_first_node() {
        // A query of a handful of nodes never reaches the first interval:
        // it must see the deadline when it starts.
        let clock = After(Cell::new(0));
        let mut m = Meter::new(&clock.budget(1_000));
        assert!(m.exhausted());
        assert!(!m.tick());
        m.restart();
        assert!(m.exhausted(), "the next query as well");
        // Without a clock only the nodes count.
        let mut free = Meter::new(&Budget::nodes(1_000));
        assert!(!free.exhausted() && free.tick());
    }
}
