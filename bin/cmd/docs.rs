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
    // Rendered into a directory of this process's own first, then each page
    // put in place by rename: a page that is a symbolic link is replaced,
    // not written through into its target, and a failure leaves no
    // half-written page.
    let staging = std::env::temp_dir().join(format!("lexgraph-man.{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    std::fs::create_dir_all(&staging).with_context(|| format!("creating {}", staging.display()))?;
    let result = (|| -> Result<()> {
        clap_mangen::generate_to(crate::command(), &staging)
            .with_context(|| format!("writing man pages to {}", staging.display()))?;
        let mut pages: Vec<_> = std::fs::read_dir(&staging)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<_>>()?;
        pages.sort();
        for page in pages {
            let bytes = std::fs::read(&page)?;
            let target = out.join(page.file_name().unwrap_or_default());
            lexgraph::compile::write_atomic(&target, &bytes)
                .with_context(|| format!("writing {}", target.display()))?;
        }
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&staging);
    result?;
    Ok(ExitCode::SUCCESS)
}
