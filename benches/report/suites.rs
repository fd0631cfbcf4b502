//! `--make-suites`: the blank position suites, made from the stored ones.

use anyhow::Result;
use lexgraph::compile;

use crate::common::{self, SuiteSpec};

/// The blank suites: (stored suite, blanks).
pub const BLANK_SUITES: [(SuiteSpec, usize); 4] = [
    (common::SUITE_ENABLE, 1),
    (common::SUITE_ENABLE, 2),
    (common::SUITE_SOWPODS, 1),
    (common::SUITE_SOWPODS, 2),
];

pub fn blank_suite(spec: &SuiteSpec, blanks: usize) -> Vec<common::BlankPosition> {
    let alphabet = common::alphabet(spec.alphabet);
    let size = spec.rules().layout.size();
    let lines = common::read_lines(&spec.path());
    common::make_blank_suite(&lines, &alphabet, size, blanks, common::BLANK_SUITE_LEN)
}

pub fn make_suites() -> Result<()> {
    for (spec, blanks) in BLANK_SUITES {
        let suite = blank_suite(&spec, blanks);
        let path = spec.blank_path(blanks);
        let mut text = String::new();
        for p in &suite {
            text.push_str(&p.blanked);
            text.push('\n');
        }
        compile::write_atomic(&path, text.as_bytes())?;
        progress!(
            "wrote {} ({} positions{})",
            path.display(),
            suite.len(),
            if suite.len() < common::BLANK_SUITE_LEN {
                format!("; only {} positions of {} qualify", suite.len(), spec.file)
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------
