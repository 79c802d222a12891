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

/// A timer that never moves (for tests and for node-only budgets).
#[derive(Clone, Copy, Debug, Default)]
pub struct FrozenTimer;

impl Timer for FrozenTimer {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A deadline on a [`Timer`]: the reading layer's [`Clock`].
pub(crate) struct Deadline<'a> {
    timer: &'a dyn Timer,
    end_ms: f64,
}

impl<'a> Deadline<'a> {
    /// A deadline `ms` from now on `timer`.
    pub(crate) fn new(timer: &'a dyn Timer, ms: f64) -> Deadline<'a> {
        Deadline {
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
    pub(crate) fn part(&self, fraction: f64) -> Deadline<'a> {
        Deadline {
            timer: self.timer,
            end_ms: self.timer.now_ms() + self.left_ms().max(0.0) * fraction,
        }
    }
}

impl Clock for Deadline<'_> {
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
    /// Seconds left, as last reported (in main time or the period).
    pub time_left: Option<u32>,
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
    ///                       time_left: Some(30), stones_left: Some(5) };
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
            let left = f64::from(self.time_left.unwrap_or(self.byo_yomi_time));
            left * 1000.0 / f64::from(stones)
        } else {
            let left = f64::from(self.time_left.unwrap_or(self.main_time));
            let main = left * 1000.0 / moves_left(size, move_number);
            if self.byo_yomi_time > 0 {
                // Main time may end: never less than a byo-yomi stone.
                let stone =
                    f64::from(self.byo_yomi_time) * 1000.0 / f64::from(self.byo_yomi_stones);
                main.max(stone.min(left * 1000.0))
            } else {
                main
            }
        };
        Some((ms * margin).max(1.0) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_from_time_controls() {
        // Sudden death, 10 minutes left on 19x19 at move 0: 600 s / 180.5.
        let sd = TimeControl {
            main_time: 600,
            time_left: Some(600),
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
        // Main time nearly gone, byo-yomi of 10 s per stone follows.
        let bt = TimeControl {
            main_time: 60,
            byo_yomi_time: 10,
            byo_yomi_stones: 1,
            time_left: Some(2),
            stones_left: Some(0),
        };
        assert_eq!(bt.budget_ms(19, 150), Some(1_900));
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
        let d = Deadline::new(&t, 50.0);
        assert!(!d.expired());
        let half = d.part(0.5);
        t.0.set(126.0);
        assert!(half.expired() && !d.expired());
        assert!((d.left_ms() - 24.0).abs() < 1e-9);
        t.0.set(150.0);
        assert!(d.expired());
    }
}
