//! AFL++ program for the `gtp` target (see `fuzz/README.md`).

fn main() {
    afl::fuzz!(|data: &[u8]| moku_fuzz::gtp(data));
}
