//! Time: a clock the engine can ask (the system clock natively, the
//! page's `performance.now()` in the browser), and GTP's time controls
//! turned into a budget for one move.
//!
//! The search asks the deadline every few hundred reading nodes and after
//! every evaluated position; one evaluation costs well under a
//! millisecond, so the move comes back within [`SAFETY`] of its budget.

use crate::reading::Clock;

/// A millisecond clock. Natively [`SystemTimer`]; the web layer gives one
/// that reads `performance.now()` (`std::time::Instant` does not exist on
/// `wasm32-unknown-unknown`).
pub trait Timer {
    /// Milliseconds since some fixed origin.
    fn now_ms(&self) -> f64;
}

/// The system's monotonic clock (native targets only).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct SystemTimer(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemTimer {
    fn default() -> Self {
        SystemTimer(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Timer for SystemTimer {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A timer reading a plain function: the page's and Node's
/// `performance.now()` in wasm, where a `Timer` and the tree search's
/// clock are the same function.
///
/// ```
/// use moku::engine::{FnTimer, Timer};
/// fn ten() -> f64 {
///     10.0
/// }
/// assert_eq!(FnTimer(ten).now_ms(), 10.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FnTimer(pub fn() -> f64);

impl Timer for FnTimer {
    fn now_ms(&self) -> f64 {
        (self.0)()
    }
}

/// The system clock, in milliseconds since its first reading; `None` on
/// wasm, which has none without JS (the web layer passes
/// `performance.now` to `TreeSearch::with_clock`).
#[cfg(not(target_arch = "wasm32"))]
pub fn system_clock() -> Option<FnTimer> {
    fn now() -> f64 {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }
    Some(FnTimer(now))
}

/// The system clock: none on wasm (see the native version).
#[cfg(target_arch = "wasm32")]
pub fn system_clock() -> Option<FnTimer> {
    None
}

/// A timer that never moves (for tests and for node-only budgets).
#[derive(Clone, Copy, Debug, Default)]
pub struct FrozenTimer;

impl Timer for FrozenTimer {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A deadline on a [`Timer`]: the reading layer's [`Clock`].
pub(crate) struct MoveDeadline<'a> {
    timer: &'a dyn Timer,
    end_ms: f64,
}

impl<'a> MoveDeadline<'a> {
    /// A deadline `ms` from now on `timer`.
    pub(crate) fn new(timer: &'a dyn Timer, ms: f64) -> MoveDeadline<'a> {
        MoveDeadline {
            timer,
            end_ms: timer.now_ms() + ms,
        }
    }

    /// Milliseconds left (negative once past).
    pub(crate) fn left_ms(&self) -> f64 {
        self.end_ms - self.timer.now_ms()
    }

    /// A deadline at `fraction` of the time left, for one stage of the
    /// move (the root reading may not eat the whole budget).
    pub(crate) fn part(&self, fraction: f64) -> MoveDeadline<'a> {
        MoveDeadline {
            timer: self.timer,
            end_ms: self.timer.now_ms() + self.left_ms().max(0.0) * fraction,
        }
    }
}

impl Clock for MoveDeadline<'_> {
    fn expired(&self) -> bool {
        self.timer.now_ms() >= self.end_ms
    }
}

/// The share of the budget the engine aims to leave unused, so that the
/// last evaluation and the answer fit before the deadline: the issue's
/// bar is "never more than 10% over"; we aim 5% under.
pub const SAFETY: f64 = 0.05;

/// Moves the engine expects still to play in main time on a board of
/// `size` (half the board's points, at least 20): the budget divides the
/// time left by it, so the engine speeds up as the clock runs down.
fn moves_left(size: usize, move_number: usize) -> f64 {
    let expected = (size * size) as f64 * 0.5;
    (expected - move_number as f64 * 0.5).max(20.0)
}

/// GTP's clock for one player: the settings (`time_settings`) and the
/// last report (`time_left`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// Main time in seconds.
    pub main_time: u32,
    /// Byo-yomi period in seconds (0: none, sudden death).
    pub byo_yomi_time: u32,
    /// Stones per byo-yomi period (0 with `byo_yomi_time` > 0: no time
    /// limit at all, as GTP says).
    pub byo_yomi_stones: u32,
    /// Milliseconds left (in main time or the period): the last report,
    /// less what the engine has counted itself since
    /// ([`TimeControl::after_move`]).
    pub time_left_ms: Option<u64>,
    /// Stones left in the period, as last reported (0: in main time).
    pub stones_left: Option<u32>,
}

impl TimeControl {
    /// The budget for the next move in milliseconds, or `None` when there
    /// is no limit (GTP's `byo_yomi_time > 0, byo_yomi_stones = 0`).
    ///
    /// ```
    /// use moku::engine::TimeControl;
    /// // 30 s byo-yomi for 5 stones, main time spent: 6 s a stone, less a margin.
    /// let t = TimeControl { main_time: 0, byo_yomi_time: 30, byo_yomi_stones: 5,
    ///                       time_left_ms: Some(30_000), stones_left: Some(5) };
    /// assert_eq!(t.budget_ms(19, 100), Some(5_700));
    /// ```
    pub fn budget_ms(&self, size: usize, move_number: usize) -> Option<u64> {
        if self.byo_yomi_time > 0 && self.byo_yomi_stones == 0 {
            return None;
        }
        let margin = 1.0 - SAFETY;
        let stones = self.stones_left.unwrap_or(0);
        let ms = if stones > 0 {
            // In byo-yomi: the period's time shared by its stones.
            let left = self.left_ms(self.byo_yomi_time) as f64;
            left / f64::from(stones)
        } else {
            let left = self.left_ms(self.main_time) as f64;
            let main = left / moves_left(size, move_number);
            if self.byo_yomi_time > 0 {
                // Main time may end: never less than a byo-yomi stone's
                // share, since a move that runs past the main time is the
                // period's first stone and the period pays for the rest.
                let stone =
                    f64::from(self.byo_yomi_time) * 1000.0 / f64::from(self.byo_yomi_stones);
                main.max(stone)
            } else {
                main
            }
        };
        Some((ms * margin).max(1.0) as u64)
    }

    /// The clock after this player's move took `elapsed_ms`: what the
    /// next `time_left` would say, as `(milliseconds, stones)`, counted by the
    /// engine itself for controllers that report the time rarely or never
    /// (without it every move's budget came from the full main time, and
    /// 150 moves on 19x19 spent 1.7 times the main time). Main time runs
    /// down into byo-yomi, whose first stone is the move that crossed
    /// over; a period's stones count down, and after its last stone the
    /// next period starts full. `None` when there is no limit to count.
    ///
    /// ```
    /// use moku::engine::TimeControl;
    /// // 10 minutes of main time, 30 s of byo-yomi for 5 stones.
    /// let t = TimeControl { main_time: 600, byo_yomi_time: 30, byo_yomi_stones: 5,
    ///                       time_left_ms: Some(600_000), stones_left: Some(0) };
    /// assert_eq!(t.after_move(2_500), Some((597_500, 0)));
    /// ```
    pub fn after_move(&self, elapsed_ms: u64) -> Option<(u64, u32)> {
        if self.byo_yomi_time > 0 && self.byo_yomi_stones == 0 {
            return None;
        }
        let period_ms = u64::from(self.byo_yomi_time) * 1000;
        let stones = self.stones_left.unwrap_or(0);
        let (left_ms, stones) = if stones > 0 {
            let left = self.left_ms(self.byo_yomi_time);
            (left.saturating_sub(elapsed_ms), stones - 1)
        } else {
            let left = self.left_ms(self.main_time);
            if left > elapsed_ms || self.byo_yomi_time == 0 {
                return Some((left.saturating_sub(elapsed_ms), 0));
            }
            // Main time ran out during this move: it was the period's first
            // stone, and what it overran comes off the period.
            let overrun = elapsed_ms - left;
            (period_ms.saturating_sub(overrun), self.byo_yomi_stones - 1)
        };
        if stones == 0 {
            return Some((period_ms, self.byo_yomi_stones));
        }
        Some((left_ms, stones))
    }

    /// The milliseconds left: the report, else `full` seconds.
    fn left_ms(&self, full: u32) -> u64 {
        self.time_left_ms.unwrap_or(u64::from(full) * 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_down_through_main_time_and_byo_yomi() {
        let t = TimeControl {
            main_time: 60,
            byo_yomi_time: 30,
            byo_yomi_stones: 3,
            time_left_ms: None,
            stones_left: None,
        };
        // Main time: 60 s less 1.5 s.
        assert_eq!(t.after_move(1_500), Some((58_500, 0)));
        // (time left, stones left, the move's time, the clock after it)
        let cases = [
            // 2 s of main time left and a 3.5 s move: main time ends
            // inside it, the move is the period's first stone, and the
            // 1.5 s it overran come off the 30 s period.
            (2_000, 0, 3_500, (28_500, 2)),
            // In the period: 28 s for 2 stones, a 4 s move leaves 24 s
            // for 1.
            (28_500, 2, 4_000, (24_500, 1)),
            // The period's last stone: the next period starts full.
            (24_500, 1, 5_000, (30_000, 3)),
        ];
        for (left, stones, spent, after) in cases {
            let now = TimeControl {
                time_left_ms: Some(left),
                stones_left: Some(stones),
                ..t
            };
            assert_eq!(
                now.after_move(spent),
                Some(after),
                "{left} ms, {stones} stones"
            );
        }
        // Sudden death: the clock stops at zero.
        let sd = TimeControl {
            main_time: 5,
            ..TimeControl::default()
        };
        assert_eq!(sd.after_move(7_000), Some((0, 0)));
        // No limit: nothing to count.
        let free = TimeControl {
            byo_yomi_time: 10,
            ..TimeControl::default()
        };
        assert_eq!(free.after_move(1_000), None);
    }

    #[test]
    fn a_game_counted_by_the_engine_keeps_within_its_main_time() {
        // 10 minutes of sudden death on 19x19, no `time_left` from the
        // controller: each move spends its whole budget and the engine
        // counts it. Without the count every budget came from the full
        // 600 s and 150 moves took about 1,000 s.
        let mut t = TimeControl {
            main_time: 600,
            ..TimeControl::default()
        };
        let mut total = 0;
        for k in 0..150 {
            let b = t.budget_ms(19, 2 * k).unwrap();
            total += b;
            let (ms, stones) = t.after_move(b).unwrap();
            t.time_left_ms = Some(ms);
            t.stones_left = Some(stones);
        }
        assert!(total <= 600_000, "{total} ms");
        // And the budgets did not starve: most of the time is used.
        assert!(total > 450_000, "{total} ms");
    }

    #[test]
    fn budgets_from_time_controls() {
        // Sudden death, 10 minutes left on 19x19 at move 0: 600 s / 180.5.
        let sd = TimeControl {
            main_time: 600,
            time_left_ms: Some(600_000),
            ..TimeControl::default()
        };
        assert_eq!(sd.budget_ms(19, 0), Some((600_000.0 / 180.5 * 0.95) as u64));
        // Late in the game the divisor stops at 20 moves.
        assert_eq!(sd.budget_ms(9, 200), Some((600_000.0 / 20.0 * 0.95) as u64));
        // No limit.
        let free = TimeControl {
            byo_yomi_time: 1,
            ..TimeControl::default()
        };
        assert_eq!(free.budget_ms(19, 0), None);
        // Main time nearly gone, byo-yomi of 10 s for 2 stones follows:
        // the move may take a stone's share, 5 s less the margin (it used
        // to get only the 2 s of main time left), and the clock then
        // stands at 7.25 s of the period (10 s less the 2.75 s the move
        // ran past the main time) for the period's second stone.
        let bt = TimeControl {
            main_time: 60,
            byo_yomi_time: 10,
            byo_yomi_stones: 2,
            time_left_ms: Some(2_000),
            stones_left: Some(0),
        };
        assert_eq!(bt.budget_ms(19, 150), Some(4_750));
        assert_eq!(bt.after_move(4_750), Some((7_250, 1)));
    }

    #[test]
    fn deadlines_expire_on_their_timer() {
        struct Fixed(std::cell::Cell<f64>);
        impl Timer for Fixed {
            fn now_ms(&self) -> f64 {
                self.0.get()
            }
        }
        let t = Fixed(std::cell::Cell::new(100.0));
        let d = MoveDeadline::new(&t, 50.0);
        assert!(!d.expired());
        let half = d.part(0.5);
        t.0.set(126.0);
        assert!(half.expired() && !d.expired());
        assert!((d.left_ms() - 24.0).abs() < 1e-9);
        t.0.set(150.0);
        assert!(d.expired());
    }
}
