//! The `seig` command.

fn main() -> std::process::ExitCode {
    // Die quietly when the reader of our output goes away (`seig … | head`), as Unix tools do,
    // instead of failing on a broken pipe.
    // SAFETY: setting a signal disposition to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    seig::cli::main()
}
