// The per-layer loads of seed 001's one-port hypercube closed forms (NLF eq (1), LLF eq (2)).
#pragma once

#include <vector>

namespace mpnsim::detail {

// alpha_0..alpha_d (alpha_0 the originator's, alpha_k each of the 2^(k-1) processors of layer
// k) with equal finish, for A = w Tcp, C = z Tcm, startup S and load V; the equations are in
// hypercube_nlf.cpp and hypercube_llf.cpp. Solved exactly (exact_affine.hpp) and rounded once:
// every load is the nearest double to the exact solution, negative ones included (past the
// feasible dimension). Requires d >= 0, A > 0, C >= 0, S >= 0, all finite.
std::vector<double> nlf_layer_loads(int d, double A, double C, double S, double V);
std::vector<double> llf_layer_loads(int d, double A, double C, double S, double V);

}  // namespace mpnsim::detail
