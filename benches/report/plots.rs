//! The SVG plots (plotters), drawn from a [`Report`] alone: grouped bars
//! and a scatter of move generation times, log-log lines of file size and
//! build time against the number of words.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::common;
use crate::results::{Report, ScalePoint, Structure, Variant};
use crate::stats::{stats, Stats};
use crate::units::si;

/// The files [`write_all`] wrote.
pub struct Files {
    pub bars: PathBuf,
    pub scatter: PathBuf,
    pub size: PathBuf,
    pub build: PathBuf,
}

/// Draws the four plots of `r` into `dir`.
pub fn write_all(r: &Report, dir: &Path) -> Result<Files> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let files = Files {
        bars: dir.join("movegen-per-suite.svg"),
        scatter: dir.join("movegen-per-position.svg"),
        size: dir.join("size-scaling.svg"),
        build: dir.join("build-scaling.svg"),
    };
    let bars = |blanks: bool| -> Vec<(String, Stats, Stats)> {
        r.movegen
            .iter()
            .filter(|s| s.plotted() && matches!(s.variant, Variant::Blanks(_)) == blanks)
            .map(|s| (s.short(), s.timing.side(0), s.timing.side(1)))
            .collect()
    };
    movegen_bars(
        &files.bars,
        &[
            ("Stored self-play suites".to_string(), bars(false)),
            (
                "Blank suites (1 or 2 blanks on the rack)".to_string(),
                bars(true),
            ),
        ],
    )?;
    let scatter: Vec<(String, Vec<(f64, f64)>)> = r
        .movegen
        .iter()
        .filter(|s| s.plotted())
        .map(|s| {
            let t = &s.timing;
            // At most 300 points a suite keeps the file small.
            let k = t.positions.div_ceil(300).max(1);
            let pts = t.per_position_us[0]
                .iter()
                .zip(&t.per_position_us[1])
                .step_by(k)
                .map(|(&d, &g)| (d, g))
                .collect();
            (s.short(), pts)
        })
        .collect();
    movegen_scatter(&files.scatter, &scatter)?;

    let median = |v: &[f64]| stats(v).median;
    let line = |list: &str, f: &dyn Fn(&ScalePoint) -> f64| -> Vec<(f64, f64)> {
        r.scaling
            .iter()
            .filter(|p| p.list == list)
            .map(|p| (p.words as f64, f(p)))
            .collect()
    };
    let mut size_lines = Vec::new();
    let mut build_lines = Vec::new();
    for (list, light) in [("ENABLE", false), ("Polish", true)] {
        if !r.scaling.iter().any(|p| p.list == list) {
            continue;
        }
        size_lines.push(Line {
            name: format!("DAWG, samples of {list}"),
            color: DAWG,
            light,
            points: line(list, &|p| p.dawg_bytes as f64),
        });
        size_lines.push(Line {
            name: format!("GADDAG, samples of {list}"),
            color: GADDAG,
            light,
            points: line(list, &|p| p.gaddag_bytes as f64),
        });
        build_lines.push(Line {
            name: format!("DAWG alone, samples of {list}"),
            color: DAWG,
            light,
            points: line(list, &|p| median(&p.dawg_s)),
        });
        build_lines.push(Line {
            name: format!("DAWG + GADDAG, samples of {list}"),
            color: GADDAG,
            light,
            points: line(list, &|p| median(&p.both_s)),
        });
    }
    // The other whole lists as single points (DAWGs first, then GADDAGs, so
    // neighbouring lists get their labels on opposite sides).
    let others: Vec<_> = r
        .lists
        .iter()
        .filter(|l| l.file != common::ENABLE.file && l.file != common::POLISH.file)
        .collect();
    let mut size_points = Vec::new();
    for (structure, color) in [(Structure::Dawg, DAWG), (Structure::Gaddag, GADDAG)] {
        for l in &others {
            let f = l.first();
            let bytes = match structure {
                Structure::Dawg => f.dawg_bytes,
                Structure::Gaddag => f.gaddag_bytes,
            };
            size_points.push((
                format!("{} {}", l.name, structure.name()),
                color,
                f.words as f64,
                bytes as f64,
            ));
        }
    }
    let build_points: Vec<_> = others
        .iter()
        .map(|l| {
            (
                l.name.clone(),
                GADDAG,
                l.first().words as f64,
                l.build().median,
            )
        })
        .collect();
    scaling(
        &files.size,
        "File size against list size (log-log; crosses: other whole lists)",
        "file bytes",
        &|v| format!("{}B", si(*v)),
        &size_lines,
        &size_points,
    )?;
    scaling(
        &files.build,
        "Build time against list size (log-log; crosses: DAWG + GADDAG)",
        "seconds",
        &|v| {
            if *v >= 1.0 {
                format!("{v:.0} s")
            } else if *v >= 1e-3 {
                format!("{:.0} ms", v * 1e3)
            } else {
                format!("{:.2} ms", v * 1e3)
            }
        },
        &build_lines,
        &build_points,
    )?;
    Ok(files)
}

const DAWG: RGBColor = RGBColor(31, 119, 180);
const GADDAG: RGBColor = RGBColor(214, 39, 40);
const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow::anyhow!("plot: {e}")
}

/// One panel of grouped bars: (suite, DAWG stats, GADDAG stats).
type Panel = (String, Vec<(String, Stats, Stats)>);

/// Grouped bars: median µs per position, DAWG and GADDAG, min–max
/// whiskers; one panel per entry, each with its own linear scale.
fn movegen_bars(path: &Path, panels: &[Panel]) -> Result<()> {
    let root = SVGBackend::new(path, (1100, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let root = root
        .titled(
            "All-moves generation: µs per position (bars: median of repetitions; whiskers: min–max)",
            ("sans-serif", 18),
        )
        .map_err(err)?;
    let total: usize = panels.iter().map(|p| p.1.len()).sum::<usize>().max(1);
    let mut rest = root.clone();
    let width = root.dim_in_pixel().0 as f64;
    for (pi, (title, groups)) in panels.iter().enumerate() {
        let area = if pi + 1 == panels.len() {
            rest.clone()
        } else {
            let w = (width * groups.len() as f64 / total as f64).round() as i32;
            let (l, r) = rest.split_horizontally(w);
            rest = r;
            l
        };
        bar_panel(&area, title, groups, pi == 0)?;
    }
    root.present().map_err(err)?;
    Ok(())
}

fn bar_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    groups: &[(String, Stats, Stats)],
    legend: bool,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let n = groups.len();
    let top = groups
        .iter()
        .map(|(_, d, g)| d.max.max(g.max))
        .fold(0.0, f64::max)
        * 1.2;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 15))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..top.max(1.0))
        .map_err(err)?;
    let names: Vec<String> = groups.iter().map(|g| g.0.clone()).collect();
    let fmt_x = |x: &f64| {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
            names[i as usize].clone()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .x_labels(n + 1)
        .x_label_formatter(&fmt_x)
        .y_label_formatter(&|v| format!("{v:.0}"))
        .y_desc("µs per position")
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(err)?;
    for (k, color, label) in [
        (0usize, DAWG, "DAWG (Appel & Jacobson)"),
        (1, GADDAG, "GADDAG (Gordon)"),
    ] {
        let off = if k == 0 { -0.2 } else { 0.2 };
        chart
            .draw_series(groups.iter().enumerate().map(|(i, (_, d, g))| {
                let s = if k == 0 { d } else { g };
                let x = i as f64 + off;
                Rectangle::new([(x - 0.18, 0.0), (x + 0.18, s.median)], color.filled())
            }))
            .map_err(err)?
            .label(label)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], color.filled()));
        chart
            .draw_series(groups.iter().enumerate().map(|(i, (_, d, g))| {
                let s = if k == 0 { d } else { g };
                let x = i as f64 + off;
                PathElement::new(vec![(x, s.min), (x, s.max)], BLACK.stroke_width(1))
            }))
            .map_err(err)?;
    }
    chart
        .draw_series(groups.iter().enumerate().map(|(i, (_, d, g))| {
            let r = d.median / g.median.max(1e-12);
            let text = if r >= 1.0 {
                format!("GADDAG {r:.2}× faster")
            } else {
                format!("DAWG {:.2}× faster", 1.0 / r)
            };
            Text::new(
                text,
                (i as f64, d.max.max(g.max) + top * 0.015),
                ("sans-serif", 12)
                    .into_font()
                    .into_text_style(area)
                    .pos(Pos::new(HPos::Center, VPos::Bottom)),
            )
        }))
        .map_err(err)?;
    if legend {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(err)?;
    }
    Ok(())
}

/// Per-position µs, DAWG (x) against GADDAG (y), log-log, one colour per suite.
fn movegen_scatter(path: &Path, series: &[(String, Vec<(f64, f64)>)]) -> Result<()> {
    let root = SVGBackend::new(path, (800, 760)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let all = series
        .iter()
        .flat_map(|s| s.1.iter())
        .flat_map(|&(x, y)| [x, y]);
    let lo = all.clone().fold(f64::INFINITY, f64::min).max(0.1) / 1.3;
    let hi = all.fold(0.0, f64::max).max(lo * 10.0) * 1.3;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "All-moves generation per position: DAWG vs GADDAG (µs)",
            ("sans-serif", 18),
        )
        .margin(14)
        .x_label_area_size(50)
        .y_label_area_size(64)
        .build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("DAWG µs per position")
        .y_desc("GADDAG µs per position")
        .x_label_formatter(&|v| si(*v))
        .y_label_formatter(&|v| si(*v))
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(err)?;
    let grey = RGBColor(90, 90, 90);
    chart
        .draw_series(LineSeries::new(
            vec![(lo, lo), (hi, hi)],
            grey.stroke_width(1),
        ))
        .map_err(err)?
        .label("equal time")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], grey.stroke_width(1)));
    let light = RGBColor(170, 170, 170);
    chart
        .draw_series(LineSeries::new(
            vec![(lo, lo / 2.0), (hi, hi / 2.0)],
            light.stroke_width(1),
        ))
        .map_err(err)?
        .label("GADDAG 2× faster")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], light.stroke_width(1)));
    for (i, (name, pts)) in series.iter().enumerate() {
        let c = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(
                pts.iter()
                    .map(|&(x, y)| Circle::new((x, y), 2, c.mix(0.55).filled())),
            )
            .map_err(err)?
            .label(name.as_str())
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 13))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}

/// One line of a scaling plot.
struct Line {
    pub name: String,
    pub color: RGBColor,
    pub light: bool,
    pub points: Vec<(f64, f64)>,
}

/// Log-log lines of a quantity against the number of words, plus
/// labelled single points.
fn scaling(
    path: &Path,
    title: &str,
    y_desc: &str,
    y_fmt: &dyn Fn(&f64) -> String,
    lines: &[Line],
    points: &[(String, RGBColor, f64, f64)],
) -> Result<()> {
    let root = SVGBackend::new(path, (900, 620)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let xs = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0))
        .chain(points.iter().map(|p| p.2));
    let ys = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .chain(points.iter().map(|p| p.3))
        .filter(|&y| y > 0.0);
    let x0 = xs.clone().fold(f64::INFINITY, f64::min) / 1.5;
    // Room on the right for the labels of single points.
    let x1 = xs.fold(0.0, f64::max) * if points.is_empty() { 1.5 } else { 2.5 };
    let y0 = ys.clone().fold(f64::INFINITY, f64::min) / 2.0;
    let y1 = ys.fold(0.0, f64::max) * 2.0;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(14)
        .x_label_area_size(50)
        .y_label_area_size(72)
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .light_line_style(RGBColor(235, 235, 235))
        .x_labels(8)
        .y_labels(8)
        .x_desc("words in the list")
        .y_desc(y_desc)
        .x_label_formatter(&|v| si(*v))
        .y_label_formatter(y_fmt)
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(err)?;
    for l in lines {
        let c = l.color;
        let style = if l.light {
            c.mix(0.6).stroke_width(2)
        } else {
            c.stroke_width(2)
        };
        let pts: Vec<(f64, f64)> = l.points.iter().copied().filter(|p| p.1 > 0.0).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), style))
            .map_err(err)?
            .label(l.name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
        if l.light {
            chart
                .draw_series(pts.iter().map(|&p| TriangleMarker::new(p, 5, c.filled())))
                .map_err(err)?;
        } else {
            chart
                .draw_series(pts.iter().map(|&p| Circle::new(p, 4, c.filled())))
                .map_err(err)?;
        }
    }
    for (i, (name, c, x, y)) in points.iter().enumerate() {
        chart
            .draw_series(std::iter::once(Cross::new((*x, *y), 6, c.stroke_width(2))))
            .map_err(err)?;
        // Alternate below-right and above-left so close points stay legible.
        let (anchor, dx, dy) = if i % 2 == 0 {
            (Pos::new(HPos::Left, VPos::Top), 7, 5)
        } else {
            (Pos::new(HPos::Right, VPos::Bottom), -7, -5)
        };
        chart
            .draw_series(std::iter::once(
                EmptyElement::at((*x, *y))
                    + Text::new(
                        name.clone(),
                        (dx, dy),
                        ("sans-serif", 12)
                            .into_font()
                            .into_text_style(&root)
                            .pos(anchor),
                    ),
            ))
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 13))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)?;
    Ok(())
}
