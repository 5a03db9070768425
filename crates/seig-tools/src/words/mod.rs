//! Words for people, written once: every tool that tells a person what the engine decided
//! says it with these.

pub mod refusal;
pub mod verdict;
