// A small dense linear-program solver for the star schedules whose optimum is not a closed form.
#pragma once

#include <utility>
#include <vector>

namespace mpnsim {

// minimise cost . x  subject to  rows,  x >= 0.
struct LinearProgram {
  enum class Sense { at_most, at_least, equal };
  struct Row {
    std::vector<std::pair<int, double>> terms;  // (variable, coefficient)
    Sense sense = Sense::at_most;
    double rhs = 0;
  };
  int variables = 0;
  std::vector<double> cost;  // one per variable
  std::vector<Row> rows;

  int add_variable(double c = 0) {
    cost.push_back(c);
    return variables++;
  }
  void add_row(std::vector<std::pair<int, double>> terms, Sense sense, double rhs) {
    rows.push_back({std::move(terms), sense, rhs});
  }
};

struct LpSolution {
  std::vector<double> x;
  double objective = 0;
};

// The two-phase simplex method on a dense tableau (Dantzig's rule, Bland's after a run of
// degenerate pivots, so it cannot cycle; Harris's two-pass ratio test with pivots relative to
// their column; the tableau rebuilt from the basis every 16 pivots, and redundant rows
// dropped after phase 1). The optimal basis's values are then solved again
// from the original rows by Gaussian elimination with partial pivoting, so that they carry
// no error accumulated over the pivots: the strategies' times must agree with the engine's
// to 1e-9 and do to about 1e-15. Throws std::runtime_error when the program is infeasible
// or unbounded (the strategies' programs are neither: a bug, not bad input).
LpSolution solve_lp(const LinearProgram& lp);

}  // namespace mpnsim
