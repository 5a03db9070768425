//! The `seig` command.

fn main() {
    std::process::exit(seig::cli::main());
}
