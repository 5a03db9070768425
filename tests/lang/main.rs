//! The language: parsing, lowering, provenance, the documented semantics, and the layout of the code.

mod blockade_check;
mod branches;
mod by_team;
mod editors;
mod layers;
mod lower_passes;
mod no_variant_names;
mod param_defaults;
mod parser_props;
mod provenance;
mod semantics_doc;
mod symbols;
