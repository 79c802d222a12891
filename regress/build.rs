//! Tells the tests whether the code is optimised: `cfg(optimized)` is set
//! for every profile above `opt-level = 0` (release, and `checked`, the
//! test command's optimised build with debug assertions). The suites that
//! search every position of many records run only there: unoptimised they
//! take many minutes.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(optimized)");
    if std::env::var("OPT_LEVEL").is_ok_and(|level| level != "0") {
        println!("cargo::rustc-cfg=optimized");
    }
    println!("cargo::rerun-if-changed=build.rs");
}
