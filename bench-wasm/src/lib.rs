//! Playouts and tree-search simulations inside WebAssembly, timed from
//! Node by `scripts/bench-playouts.sh` beside the same work natively
//! (moku's `examples/playout_speed.rs` and `examples/search_speed.rs`).
//!
//! A crate of its own (not an example of moku) because examples build
//! with moku's dev-dependencies, which do not build for wasm32. Built for
//! wasm32 only; natively it is empty.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use moku::engine::mcts::{Budget, SearchConfig, TreeSearch};
    use moku::engine::playout::{playout, Policy};
    use moku::rules::{Rng, RuleSet};
    use moku::{Board, Color, Game};
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Runs `n` playouts from the empty board of `size` (light or heavy)
    /// and returns the moves played, so that nothing is optimised away.
    #[wasm_bindgen]
    pub fn playouts(size: usize, n: u32, heavy: bool) -> f64 {
        let Ok(empty) = Board::new(size) else {
            return -1.0;
        };
        let policy = if heavy { Policy::Heavy } else { Policy::Light };
        let mut rng = Rng::new(1);
        let mut b = empty.clone();
        let mut moves = 0usize;
        for _ in 0..n {
            b.clone_from(&empty);
            moves += playout(&mut b, Color::Black, policy, &mut rng, 3 * size * size).moves;
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
        s.search(&game, Color::Black, Budget::playouts(n as u64))
            .nodes as f64
    }
}
