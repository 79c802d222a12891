//! The calling thread's CPU time, for the speed examples: on a loaded
//! machine the wall clock counts the time other programs held the core,
//! the CPU time does not, so a benchmark comparing two builds in one run
//! (`bench-wasm/run.mjs`) reads this as well.

/// Nanoseconds the calling thread has run on a CPU, from Linux's
/// `/proc/thread-self/schedstat` (its first field); `None` where that
/// file is missing (other systems, or a kernel without scheduler
/// statistics).
pub fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Microseconds of CPU time per item between two readings of
/// [`thread_cpu_ns`], or `None` when either is missing.
pub fn cpu_micros_per(start: Option<u64>, end: Option<u64>, items: u64) -> Option<f64> {
    let (start, end) = (start?, end?);
    Some(end.saturating_sub(start) as f64 / 1_000.0 / items.max(1) as f64)
}
