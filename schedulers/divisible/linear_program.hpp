// A sparse linear program and its solution by GLPK, in floating point or in exact rational arithmetic.
#pragma once

#include <utility>
#include <vector>

namespace mpnsim {

// minimise cost . x  subject to  rows,  x >= 0. Rows are sparse: memory grows with the
// number of non-zero coefficients, not with rows times variables.
struct LinearProgram {
  enum class Sense { at_most, at_least, equal };
  struct Row {
    std::vector<std::pair<int, double>> terms;  // (variable, coefficient); repeats are summed
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
  // Non-zero coefficients over all rows (the model's size, for estimates).
  long nonzeros() const {
    long n = 0;
    for (const Row& r : rows) n += static_cast<long>(r.terms.size());
    return n;
  }
};

struct LpSolution {
  std::vector<double> x;
  double objective = 0;
  bool optimal = false;  // GLPK found an optimum (within its tolerances, unless exact)
  bool exact = false;    // solved by GLPK's rational simplex (glp_exact): x is its optimum, rounded
};

// How to solve: GLPK's floating-point simplex (scaled, its optimal basis then checked by the
// caller), or GLPK's exact rational simplex started from that basis (glp_exact), whose optimum
// is the exact optimum of the program as written (every double is a rational) rounded to the
// nearest double. The exact solve is slower and is what a caller in doubt asks for.
enum class LpArithmetic { floating, exact };

// Solves `lp` with GLPK (Debian libglpk). With `floating`, `optimal` says whether GLPK found
// an optimum: the caller decides what else to do (the exact simplex's time grows fast with
// the size). With `exact`, throws std::runtime_error when the exact simplex finds the program
// infeasible or unbounded, or fails (the strategies' programs are never infeasible nor
// unbounded: that is a bug, not bad input). GLPK reads each double as a rational within
// about 1e-15 of it, so the exact optimum is that of a program within rounding of this one.
LpSolution solve_lp(const LinearProgram& lp, LpArithmetic arithmetic = LpArithmetic::floating);

}  // namespace mpnsim
