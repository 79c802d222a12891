//! AFL++ program for the `sgf_text` target (see `fuzz/README.md`).

fn main() {
    afl::fuzz!(|data: &[u8]| moku_fuzz::sgf_text(data));
}
