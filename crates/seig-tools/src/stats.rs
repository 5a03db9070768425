//! Interval estimates shared by every tool that reports a rate.

/// The normal quantile for a two-sided 95% interval.
pub(crate) const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of `k` successes in `n` trials (`(0, 1)` when `n = 0`).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    wilson_z(k, n, Z95)
}

/// The Wilson score interval for a given normal quantile `z`.
pub(crate) fn wilson_z(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
