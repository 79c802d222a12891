//! AFL++ program for the `vertex` target (see `fuzz/README.md`).

fn main() {
    afl::fuzz!(|data: &[u8]| moku_fuzz::vertex(data));
}
