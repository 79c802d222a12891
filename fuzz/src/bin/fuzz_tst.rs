//! AFL++ program for the `tst` target (see `fuzz/README.md`).

fn main() {
    afl::fuzz!(|data: &[u8]| moku_fuzz::tst(data));
}
