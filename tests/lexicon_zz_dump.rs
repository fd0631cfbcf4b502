mod common;
use lexgraph::{compile, Alphabet, Lexicon, WordList};
#[test]
fn dump() {
    let a = Alphabet::english();
    let l = WordList::parse(b"car\ncare\ncars\n", "t", &a, false).unwrap();
    let f = compile::compile(&l);
    for (name, b) in [("dawg", &f.dawg), ("gaddag", &f.gaddag)] {
        println!("== {name} {} bytes", b.len());
        for (i, ch) in b.chunks(16).enumerate() {
            let hex: Vec<String> = ch.iter().map(|x| format!("{x:02x}")).collect();
            println!("{:04x}: {}", i * 16, hex.join(" "));
        }
        let lex = Lexicon::from_vec(b.clone()).unwrap();
        println!("{:?}", lex.header());
        let e = lex.edges();
        for i in 0..e.len() as u32 {
            println!("{i}: raw {:#x} {:?}", e.raw(i).unwrap(), e.arc(i).unwrap());
        }
    }
}
