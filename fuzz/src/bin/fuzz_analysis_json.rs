//! AFL++ program for the `analysis_json` target (see `fuzz/README.md`).

fn main() {
    afl::fuzz!(|data: &[u8]| moku_fuzz::analysis_json(data));
}
