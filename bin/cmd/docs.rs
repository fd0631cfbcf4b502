//! `lexgraph completions` and `lexgraph man`: the shell's completion script
//! and the manual pages, from the command line's own definition.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell
    shell: clap_complete::Shell,
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// Directory to write them to (created if missing)
    #[arg(short, long)]
    out: PathBuf,
}

pub fn completions(args: CompletionsArgs) -> Result<ExitCode> {
    let mut cmd = crate::command();
    clap_complete::generate(args.shell, &mut cmd, "lexgraph", &mut std::io::stdout());
    Ok(ExitCode::SUCCESS)
}

pub fn man(args: ManArgs) -> Result<ExitCode> {
    let out = &args.out;
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    clap_mangen::generate_to(crate::command(), out)
        .with_context(|| format!("writing man pages to {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}
