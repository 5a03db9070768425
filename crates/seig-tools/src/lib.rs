//! What people do with games: agents, seeded play, game records, the analyses that
//! validate a reading, play sessions, and positions as data for front ends that draw them. Tools return data and typed errors; only the
//! command line prints.

pub mod agents;
pub mod analysis;
pub mod driver;
pub mod editor;
pub mod files;
pub mod matches;
pub mod play;
pub mod probe;
pub mod record;
pub mod sim;
pub(crate) mod stats;
pub mod streams;
pub mod terminal;
pub mod trace;
pub mod view;
pub mod words;

// `crate::ir` as in the language crate, so that code moved here from it reads the same.
pub(crate) use seig_lang::ir;
