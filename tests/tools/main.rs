//! The tools layer: agents, analyses, explanations, refusals, and the play session front ends rendered in memory.

mod agents;
mod analysis;
mod explain_exact;
mod play_plain;
mod play_tui;
mod readings_page;
mod refusals;
mod shards;
mod support;
mod verdict_citations;
mod verdict_props;
