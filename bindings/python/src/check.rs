//! One play checked (`Lexicon.check_play`), and `moves_batch`'s results
//! with an error in place of each bad position's moves.

use super::*;
use lexgraph_engine::Checked;

/// What `Lexicon.check_play` found: whether the play is legal, its score,
/// every word it forms, and why it is not legal. Picklable; equal when
/// every field is.
#[pyclass(module = "lexgraph", frozen, get_all, eq)]
pub(crate) struct CheckedPlay {
    /// The play as given (white space collapsed).
    pub(crate) play: String,
    /// True when the play is among the position's legal plays.
    pub(crate) legal: bool,
    /// Its score when legal, else `None`.
    pub(crate) score: Option<i32>,
    /// The main word (two tiles or more), then the cross words, blanks in
    /// lower case; for an illegal play, the words it would form.
    pub(crate) words: Vec<String>,
    /// Why it is not legal, as `lexgraph moves --play` says; `None` when
    /// legal.
    pub(crate) why: Option<String>,
    /// The play as a `Move` (as `moves(by="score")` lists it) when legal.
    pub(crate) r#move: Option<Py<Move>>,
}

impl PartialEq for CheckedPlay {
    fn eq(&self, other: &Self) -> bool {
        let same_move = match (&self.r#move, &other.r#move) {
            (None, None) => true,
            (Some(a), Some(b)) => a.get().same(b.get()),
            _ => false,
        };
        (&self.play, self.legal, self.score, &self.words, &self.why)
            == (
                &other.play,
                other.legal,
                other.score,
                &other.words,
                &other.why,
            )
            && same_move
    }
}

impl CheckedPlay {
    /// `checked` as Python sees it, its move on `setup`'s board.
    pub(crate) fn of(
        py: Python<'_>,
        lex: &Lexicon,
        play: &str,
        setup: Setup,
        checked: Checked,
    ) -> PyResult<CheckedPlay> {
        let listed = checked.placement.map(|m| Listed::unranked(Play::Place(m)));
        let r#move = match listed {
            Some(l) => {
                let m = to_moves(py, lex, setup, vec![l])?.pop();
                m.map(|m| Py::new(py, m)).transpose()?
            }
            None => None,
        };
        Ok(CheckedPlay {
            play: play.split_whitespace().collect::<Vec<_>>().join(" "),
            legal: checked.legal,
            score: checked.score,
            words: checked.words,
            why: checked.why,
            r#move,
        })
    }
}

#[pymethods]
impl CheckedPlay {
    #[new]
    #[pyo3(signature = (play, legal, score, words, why, r#move = None))]
    fn new(
        play: String,
        legal: bool,
        score: Option<i32>,
        words: Vec<String>,
        why: Option<String>,
        r#move: Option<Py<Move>>,
    ) -> CheckedPlay {
        CheckedPlay {
            play,
            legal,
            score,
            words,
            why,
            r#move,
        }
    }

    #[allow(clippy::type_complexity)]
    fn __getnewargs__(
        &self,
        py: Python<'_>,
    ) -> (
        String,
        bool,
        Option<i32>,
        Vec<String>,
        Option<String>,
        Option<Py<Move>>,
    ) {
        (
            self.play.clone(),
            self.legal,
            self.score,
            self.words.clone(),
            self.why.clone(),
            self.r#move.as_ref().map(|m| m.clone_ref(py)),
        )
    }

    /// `{"play", "legal", "score", "words", "why"}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("play", &self.play)?;
        d.set_item("legal", self.legal)?;
        d.set_item("score", self.score)?;
        d.set_item("words", &self.words)?;
        d.set_item("why", &self.why)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        match (&self.score, &self.why) {
            (Some(s), _) => format!(
                "<CheckedPlay {} legal {s} {}>",
                self.play,
                self.words.join(",")
            ),
            (None, Some(why)) => format!("<CheckedPlay {} illegal: {why}>", self.play),
            (None, None) => format!("<CheckedPlay {} illegal>", self.play),
        }
    }
}

/// What `moves_batch` does with a bad position.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum OnError {
    /// Raise `LexgraphError` naming the first bad position.
    Raise,
    /// Put a `LexgraphError` in the bad position's place.
    Return,
}

impl OnError {
    pub(crate) fn parse(name: &str) -> PyResult<OnError> {
        match name {
            "raise" => Ok(OnError::Raise),
            "return" => Ok(OnError::Return),
            _ => Err(PyValueError::new_err(format!(
                "errors must be \"raise\" or \"return\", got {name:?}"
            ))),
        }
    }
}

/// The `LexgraphError` (or `OSError`) `moves_batch(errors="return")` puts
/// in position `i`'s place: the message `lexgraph moves --cgp-file` prints
/// after the line's label, and the index as `position`.
pub(crate) fn batch_error(py: Python<'_>, i: usize, e: lexgraph::Error) -> PyResult<Py<PyAny>> {
    let e = err(e).into_value(py);
    e.bind(py).setattr("position", i)?;
    Ok(e.into_any())
}
