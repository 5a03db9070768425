//! The engine on the bundled rule files and on small statement files: rule tests named after the inventory IDs, statement tests, invariants, perft and the differential test against the native reference.

#[path = "../common/mod.rs"]
mod common;

mod differential;
mod generation;
mod invariants;
mod invariants_tagent;
mod perft;
mod position_words;
mod rules_daldos;
mod rules_nyout;
mod rules_puluc;
mod rules_sig;
mod rules_sigue;
mod rules_tagent;
mod setup;
mod statements_backward;
mod statements_bearing;
mod statements_capture;
mod statements_decline;
mod statements_dice;
mod statements_ends;
mod statements_entry;
mod statements_family;
mod statements_layout;
mod statements_moves;
mod statements_prisoners;
mod statements_release;
mod statements_return;
mod statements_send_home;
mod statements_split;
mod statements_stack;
mod statements_sticks;
mod statements_tracks;
mod statements_ways;
