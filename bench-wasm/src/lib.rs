//! Playouts and tree-search simulations inside WebAssembly, timed from
//! Node by `scripts/bench-playouts.sh` beside the same work natively
//! (moku's `examples/playout_speed.rs` and `examples/search_speed.rs`);
//! and moku's GTP session inside WebAssembly (`bench-wasm/gtp.mjs`, built
//! by `scripts/build-gtp-wasm.sh`), so that a referee can play the wasm
//! build with the same settings as the native `moku gtp`.
//!
//! A crate of its own (not an example of moku) because examples build
//! with moku's dev-dependencies, which do not build for wasm32. Built for
//! wasm32 only; natively it is empty.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::cell::RefCell;

    use moku::engine::mcts::{SearchConfig, TreeBudget, TreeSearch};
    use moku::engine::playout::{light_playout, playout, Policy};
    use moku::engine::Level;
    use moku::gtp::GtpSession;
    use moku::rules::{PlayoutBoard, Rng, RuleSet};
    use moku::{Board, Color, Game};
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Runs `n` playouts from the empty board of `size` (light on the
    /// `PlayoutBoard`, as `playout_speed ... light` does natively, or
    /// heavy) and returns the moves played, so that nothing is optimised
    /// away.
    #[wasm_bindgen]
    pub fn playouts(size: usize, n: u32, heavy: bool) -> f64 {
        let Ok(empty) = Board::new(size) else {
            return -1.0;
        };
        let mut rng = Rng::new(1);
        let mut moves = 0usize;
        if heavy {
            let mut b = empty.clone();
            for _ in 0..n {
                b.clone_from(&empty);
                moves += playout(
                    &mut b,
                    Color::Black,
                    Policy::Heavy,
                    &mut rng,
                    3 * size * size,
                )
                .moves;
            }
        } else {
            let empty = PlayoutBoard::from(&empty);
            let mut b = empty.clone();
            for _ in 0..n {
                b.clone_from(&empty);
                moves += light_playout(&mut b, Color::Black, &mut rng, 3 * size * size).moves;
            }
        }
        moves as f64
    }

    /// Runs a tree search of `n` playouts from the empty board of `size`
    /// and returns the nodes of its tree.
    #[wasm_bindgen]
    pub fn search(size: usize, n: u32) -> f64 {
        let Ok(game) = Game::new(size, RuleSet::Chinese, 7.0) else {
            return -1.0;
        };
        let mut s = TreeSearch::new(SearchConfig::default());
        s.search(&game, Color::Black, TreeBudget::playouts(n as u64))
            .nodes as f64
    }

    #[wasm_bindgen]
    extern "C" {
        /// Node's millisecond clock.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    thread_local! {
        static SESSION: RefCell<Option<GtpSession>> = const { RefCell::new(None) };
    }

    /// Starts a GTP session as `moku gtp --level LEVEL --time-ms TIME_MS
    /// [--resign]` does (`time_ms` 0 for no cap). Returns an error message,
    /// or an empty string.
    #[wasm_bindgen(js_name = gtpStart)]
    pub fn gtp_start(level: u32, time_ms: u32, resign: bool) -> String {
        let Ok(level) = Level::new(i64::from(level)) else {
            return format!("level {level} is not between 1 and 10");
        };
        let mut session = GtpSession::new().with_clock(performance_now);
        if time_ms > 0 {
            session = session.with_move_time_cap(u64::from(time_ms));
        }
        session.set_level(level);
        session.set_resign(resign);
        SESSION.with(|s| *s.borrow_mut() = Some(session));
        String::new()
    }

    /// Answers one GTP line: the full response, or an empty string for a
    /// line the protocol ignores (see `GtpSession::handle_line`).
    #[wasm_bindgen(js_name = gtpLine)]
    pub fn gtp_line(line: &str) -> String {
        SESSION.with(|s| {
            let mut s = s.borrow_mut();
            let session = s.get_or_insert_with(|| GtpSession::new().with_clock(performance_now));
            session.handle_line(line).unwrap_or_default()
        })
    }

    /// Whether the session has received `quit`.
    #[wasm_bindgen(js_name = gtpFinished)]
    pub fn gtp_finished() -> bool {
        SESSION.with(|s| s.borrow().as_ref().is_some_and(GtpSession::is_finished))
    }
}
