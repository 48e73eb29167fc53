// How each curve, bar or box of a plot is told apart: colour, dash, point type and fill, by its index.
#pragma once

#include <cstddef>
#include <string>

namespace mpnsim {

// Twelve colours that stay apart for the colour-blind (Okabe & Ito 2008, then Tol's "muted"
// scheme), as "#rrggbb"; they repeat from the thirteenth curve, when the dash and point still differ.
std::string curve_colour(std::size_t i);

// gnuplot's five dash types (solid, dashed, dotted, dash-dot, dash-dot-dot) in turn.
int curve_dash(std::size_t i);

// Open and filled marks in turn (circle, square, triangle, diamond, ...), twelve in all. With the
// dash, no two of the first 60 curves look alike in grey-scale print.
int curve_point(std::size_t i);

// A bar's or box's fill for series i of n: a light solid fill alone, else solid, hatches and
// crosshatches in turn (gnuplot's fill patterns), which grey-scale print keeps apart.
std::string fill_style(std::size_t i, std::size_t n);

}  // namespace mpnsim
