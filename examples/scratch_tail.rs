use lexgraph::Lexicon;
use std::collections::HashSet;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lex = Lexicon::open(&args[1]).unwrap();
    let e = lex.edges();
    let n = e.len() as u32;
    let mut nodes: Vec<Vec<u64>> = Vec::new();
    let mut i = 0u32;
    while i < n {
        let mut l = Vec::new();
        loop {
            let a = e.arc(i).unwrap();
            l.push((a.tile as u64) << 40 | (a.terminal as u64) << 32 | a.target as u64);
            i += 1;
            if a.last || i >= n {
                break;
            }
        }
        nodes.push(l);
    }
    let mut suf: HashSet<&[u64]> = HashSet::new();
    for l in &nodes {
        for k in 1..l.len() {
            suf.insert(&l[k..]);
        }
    }
    let mut saved = 0usize;
    let mut cnt = 0;
    for l in &nodes {
        if suf.contains(&l[..]) {
            saved += l.len();
            cnt += 1;
        }
    }
    println!(
        "nodes {} edges {} suffix-embeddable nodes {} edges saved {} ({:.1}%)",
        nodes.len(),
        n,
        cnt,
        saved,
        100.0 * saved as f64 / n as f64
    );
}
