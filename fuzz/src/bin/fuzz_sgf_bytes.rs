//! AFL++ program for the `sgf_bytes` target (see `fuzz/README.md`).

fn main() {
    afl::fuzz!(|data: &[u8]| moku_fuzz::sgf_bytes(data));
}
