//! GNU Go's regression suites (`tests/data/gnugo-regression`, see its
//! README.md for provenance and license) run through the GTP session, with
//! a floor per suite: the number of cases moku passed when the floor was
//! set, minus a small margin, so that later changes cannot silently lose
//! ground. Raise a floor when a change gains cases.
//!
//! The reading is deterministic (node budgets, no clocks), so the counts do
//! not depend on the machine. The reading and life-and-death suites take
//! about a minute unoptimised, so an unoptimised build (`cargo test`) runs
//! only the fast suites; an optimised one (`cfg(optimized)`, set by
//! `build.rs`: the test command's `cargo test --profile checked`, or
//! `--release`) asserts them all. The full report with failed case ids and times:
//! `cargo run --release -p moku-regress -- tests/data/gnugo-regression`.

use std::path::Path;

use moku::gtp::GtpSession;
use moku_regress::run_file;

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/data/gnugo-regression"
);

/// Cases subtracted from the count measured when a floor was set.
const MARGIN: usize = 2;

/// Runs `suite` and asserts its floor: `measured` passes minus
/// [`MARGIN`]. A suite marked slow is skipped unoptimised.
fn assert_floor(suite: &str, measured: usize, slow: bool) {
    if slow && cfg!(not(optimized)) {
        return;
    }
    let r = run_file(&mut GtpSession::new(), Path::new(DIR), suite, |_, _| {})
        .expect("the suite file is in tests/data");
    // A command answering an error counts as one (none do today).
    println!(
        "{suite}: {}/{} ({} errors, {:.1} s)",
        r.passed.len(),
        r.total(),
        r.errors,
        r.time.as_secs_f64()
    );
    assert!(
        r.passed.len() + MARGIN >= measured,
        "{suite}: {} passed, floor {} (measured {measured} - margin {MARGIN}); failed: {:?}",
        r.passed.len(),
        measured - MARGIN,
        r.failed.iter().map(|f| f.0).collect::<Vec<_>>()
    );
}

/// One test per suite (so the suites run in parallel), each with the
/// passes measured when its floor was set and whether it is slow
/// unoptimised. GNU Go 3.8 on the same suites: reading 193/235, owl
/// 236/261, ld_owl 171/190, connection 105/128, optics 84/90, semeai
/// 121/154.
macro_rules! floors {
    ($($suite:ident: $measured:literal, $slow:literal;)*) => {
        $(
            #[test]
            fn $suite() {
                assert_floor(stringify!($suite), $measured, $slow);
            }
        )*
    };
}

floors! {
    reading: 156, true;
    owl: 163, true;
    ld_owl: 94, true;
    connection: 92, true;
    optics: 81, false;
    semeai: 100, true;
}
