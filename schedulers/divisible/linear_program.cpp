// Two-phase dense simplex with an exact re-solve of the final basis.
#include "schedulers/divisible/linear_program.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mpnsim {

namespace {

constexpr double kPivotEps = 1e-9;  // relative to the entering column's largest entry
constexpr double kFeasibilityEps = 1e-13;
constexpr double kDropEps = 1e-14;  // entries below this after a pivot are rounding of a zero
constexpr double kCostEps = 1e-12;

struct Tableau {
  int m = 0, cols = 0;                 // rows, columns (without the right-hand side)
  std::vector<std::vector<double>> a;  // m rows of cols + 1 (last: right-hand side)
  std::vector<double> d;               // reduced costs, cols + 1 (last: minus the objective)
  std::vector<int> basis;              // per row
  std::vector<bool> allowed;           // columns that may enter
  // The standard form, to rebuild the tableau from the basis (refactor) when pivots have piled
  // up rounding: column j's entries per row, the right-hand sides, the phase's costs.
  std::vector<std::vector<double>> column;
  std::vector<double> rhs;
  std::vector<double> cost;
  int pivots = 0;

  // The tableau B^-1 [A | b] and reduced costs c - c_B B^-1 A of the current basis, by Gaussian
  // elimination with partial pivoting on B. Throws when B is singular (a pivot on rounding noise).
  void refactor() {
    const auto M = static_cast<std::size_t>(m);
    const auto W = static_cast<std::size_t>(cols + 1);
    std::vector<std::vector<double>> B(M, std::vector<double>(M)), X(M, std::vector<double>(W));
    for (std::size_t i = 0; i < M; ++i) {
      for (std::size_t k = 0; k < M; ++k) B[i][k] = column[static_cast<std::size_t>(basis[k])][i];
      for (std::size_t j = 0; j + 1 < W; ++j) X[i][j] = column[j][i];
      X[i][W - 1] = rhs[i];
    }
    std::vector<std::size_t> perm(M);
    for (std::size_t k = 0; k < M; ++k) {
      std::size_t p = k;
      for (std::size_t i = k + 1; i < M; ++i)
        if (std::abs(B[i][k]) > std::abs(B[p][k])) p = i;
      if (B[p][k] == 0) throw std::runtime_error("linear program: singular basis (a pivot on rounding noise)");
      std::swap(B[k], B[p]);
      std::swap(X[k], X[p]);
      for (std::size_t i = 0; i < M; ++i) {
        if (i == k || B[i][k] == 0) continue;
        const double f = B[i][k] / B[k][k];
        for (std::size_t j = k; j < M; ++j) B[i][j] -= f * B[k][j];
        for (std::size_t j = 0; j < W; ++j) X[i][j] -= f * X[k][j];
      }
    }
    for (std::size_t k = 0; k < M; ++k) {
      for (double& x : X[k]) x /= B[k][k];
      a[k] = std::move(X[k]);
      for (std::size_t j = 0; j + 1 < W; ++j)
        if (std::abs(a[k][j]) < kDropEps) a[k][j] = 0;
      for (std::size_t k2 = 0; k2 < M; ++k2) a[k][static_cast<std::size_t>(basis[k2])] = k2 == k ? 1 : 0;
    }
    for (std::size_t j = 0; j < W; ++j) {
      double v = j + 1 < W ? cost[j] : 0.0;
      for (std::size_t k = 0; k < M; ++k) v -= cost[static_cast<std::size_t>(basis[k])] * a[k][j];
      d[j] = v;
    }
    for (std::size_t k = 0; k < M; ++k) d[static_cast<std::size_t>(basis[k])] = 0;
  }

  void pivot(int r, int c) {
    auto& pr = a[static_cast<std::size_t>(r)];
    const double p = pr[static_cast<std::size_t>(c)];
    for (double& v : pr) v /= p;
    pr[static_cast<std::size_t>(c)] = 1;
    for (int i = 0; i < m; ++i) {
      if (i == r) continue;
      auto& row = a[static_cast<std::size_t>(i)];
      const double f = row[static_cast<std::size_t>(c)];
      if (f == 0) continue;
      for (int j = 0; j <= cols; ++j) {
        double& x = row[static_cast<std::size_t>(j)];
        x -= f * pr[static_cast<std::size_t>(j)];
        if (j < cols && std::abs(x) < kDropEps) x = 0;
      }
      row[static_cast<std::size_t>(c)] = 0;
    }
    const double f = d[static_cast<std::size_t>(c)];
    if (f != 0) {
      for (int j = 0; j <= cols; ++j) d[static_cast<std::size_t>(j)] -= f * pr[static_cast<std::size_t>(j)];
      d[static_cast<std::size_t>(c)] = 0;
    }
    basis[static_cast<std::size_t>(r)] = c;
    if (++pivots % 16 == 0) refactor();
  }

  // Runs the simplex on the current reduced costs; false when unbounded.
  bool optimise() {
    int degenerate = 0;
    for (long iter = 0;; ++iter) {
      if (iter > 200000) throw std::runtime_error("linear program: no convergence");
      const bool bland = degenerate > 50;
      int enter = -1;
      double best = -kCostEps;
      for (int j = 0; j < cols; ++j) {
        if (!allowed[static_cast<std::size_t>(j)]) continue;
        const double dj = d[static_cast<std::size_t>(j)];
        if (dj < best) {
          enter = j;
          best = dj;
          if (bland) break;
        }
      }
      if (enter < 0) return true;
      // Harris's two-pass ratio test: the bound of the step with every basic value allowed a
      // little below 0, then, among the rows that bind within it, the largest pivot (Bland's
      // smallest index when guarding against cycling): small pivots are what ruin a tableau.
      // A pivot must stand out of its column's rounding: at least a relative kPivotEps of its
      // largest entry (z = 1e-8 beside w = 1 makes pivots of 1e-8 that matter).
      double column_max = 0;
      for (int i = 0; i < m; ++i)
        column_max = std::max(column_max, std::abs(a[static_cast<std::size_t>(i)][static_cast<std::size_t>(enter)]));
      const double min_pivot = kPivotEps * column_max;
      int leave = -1;
      double bound = 0;
      for (int i = 0; i < m; ++i) {
        const double aij = a[static_cast<std::size_t>(i)][static_cast<std::size_t>(enter)];
        if (aij <= min_pivot) continue;
        const double bi = std::max(0.0, a[static_cast<std::size_t>(i)][static_cast<std::size_t>(cols)]);
        const double r = (bi + kFeasibilityEps) / aij;
        if (leave < 0 || r < bound) bound = r;
        leave = 0;
      }
      if (leave < 0) return false;
      leave = -1;
      double ratio = 0;
      for (int i = 0; i < m; ++i) {
        const double aij = a[static_cast<std::size_t>(i)][static_cast<std::size_t>(enter)];
        if (aij <= min_pivot) continue;
        const double r = std::max(0.0, a[static_cast<std::size_t>(i)][static_cast<std::size_t>(cols)]) / aij;
        if (r > bound) continue;
        const bool better =
            leave < 0 || (bland ? basis[static_cast<std::size_t>(i)] < basis[static_cast<std::size_t>(leave)]
                                : aij > a[static_cast<std::size_t>(leave)][static_cast<std::size_t>(enter)]);
        if (better) {
          leave = i;
          ratio = r;
        }
      }
      if (leave < 0) return false;
      degenerate = ratio == 0 ? degenerate + 1 : 0;
      pivot(leave, enter);
    }
  }
};

}  // namespace

LpSolution solve_lp(const LinearProgram& lp) {
  const int n = lp.variables;
  int m = static_cast<int>(lp.rows.size());
  // Standard form: every right-hand side >= 0; slacks for <=, surpluses and artificials for >= and =.
  std::vector<std::vector<double>> rows(static_cast<std::size_t>(m), std::vector<double>(static_cast<std::size_t>(n), 0.0));
  std::vector<double> rhs(static_cast<std::size_t>(m));
  std::vector<LinearProgram::Sense> sense(static_cast<std::size_t>(m));
  int extra = 0, artificial = 0;
  for (int i = 0; i < m; ++i) {
    const auto& r = lp.rows[static_cast<std::size_t>(i)];
    double sign = r.rhs < 0 ? -1 : 1;
    for (const auto& [v, c] : r.terms) rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(v)] += sign * c;
    rhs[static_cast<std::size_t>(i)] = sign * r.rhs;
    LinearProgram::Sense s = r.sense;
    if (sign < 0 && s != LinearProgram::Sense::equal)
      s = s == LinearProgram::Sense::at_most ? LinearProgram::Sense::at_least : LinearProgram::Sense::at_most;
    sense[static_cast<std::size_t>(i)] = s;
    if (s != LinearProgram::Sense::equal) ++extra;
    if (s != LinearProgram::Sense::at_most) ++artificial;
  }
  Tableau t;
  t.m = m;
  t.cols = n + extra + artificial;
  t.a.assign(static_cast<std::size_t>(m), std::vector<double>(static_cast<std::size_t>(t.cols + 1), 0.0));
  t.d.assign(static_cast<std::size_t>(t.cols + 1), 0.0);
  t.basis.assign(static_cast<std::size_t>(m), -1);
  t.allowed.assign(static_cast<std::size_t>(t.cols), true);
  // The standard-form column of every tableau column, kept for the final re-solve.
  t.column.assign(static_cast<std::size_t>(t.cols), std::vector<double>(static_cast<std::size_t>(m), 0.0));
  auto& column = t.column;
  t.rhs = rhs;
  t.cost.assign(static_cast<std::size_t>(t.cols), 0.0);
  for (int j = n + extra; j < t.cols; ++j) t.cost[static_cast<std::size_t>(j)] = 1;  // phase 1
  int next_extra = n, next_art = n + extra;
  for (int i = 0; i < m; ++i) {
    auto& row = t.a[static_cast<std::size_t>(i)];
    for (int j = 0; j < n; ++j) {
      row[static_cast<std::size_t>(j)] = rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      column[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = row[static_cast<std::size_t>(j)];
    }
    row[static_cast<std::size_t>(t.cols)] = rhs[static_cast<std::size_t>(i)];
    const auto s = sense[static_cast<std::size_t>(i)];
    if (s == LinearProgram::Sense::at_most) {
      row[static_cast<std::size_t>(next_extra)] = 1;
      column[static_cast<std::size_t>(next_extra)][static_cast<std::size_t>(i)] = 1;
      t.basis[static_cast<std::size_t>(i)] = next_extra++;
    } else {
      if (s == LinearProgram::Sense::at_least) {
        row[static_cast<std::size_t>(next_extra)] = -1;
        column[static_cast<std::size_t>(next_extra)][static_cast<std::size_t>(i)] = -1;
        ++next_extra;
      }
      row[static_cast<std::size_t>(next_art)] = 1;
      column[static_cast<std::size_t>(next_art)][static_cast<std::size_t>(i)] = 1;
      t.basis[static_cast<std::size_t>(i)] = next_art++;
      // Phase 1 minimises the artificials' sum: reduced costs minus this row.
      for (int j = 0; j <= t.cols; ++j)
        if (j < n + extra || j == t.cols) t.d[static_cast<std::size_t>(j)] -= row[static_cast<std::size_t>(j)];
    }
  }
  const double scale = std::max(1.0, *std::max_element(rhs.begin(), rhs.end()));
  if (artificial > 0) {
    t.optimise();
    if (-t.d[static_cast<std::size_t>(t.cols)] > 1e-9 * scale) throw std::runtime_error("linear program: infeasible");
    // Artificials left in the basis (at 0) leave it where a real column can take their row.
    // A row where no real column can take over is redundant (a combination of the others): it goes.
    for (int i = 0; i < t.m;) {
      const auto ui = static_cast<std::size_t>(i);
      if (t.basis[ui] < n + extra) {
        ++i;
        continue;
      }
      int best = -1;
      for (int j = 0; j < n + extra; ++j)
        if (std::abs(t.a[ui][static_cast<std::size_t>(j)]) > kDropEps &&
            (best < 0 || std::abs(t.a[ui][static_cast<std::size_t>(j)]) > std::abs(t.a[ui][static_cast<std::size_t>(best)])))
          best = j;
      if (best >= 0) {
        t.pivot(i, best);
        ++i;
        continue;
      }
      t.a.erase(t.a.begin() + i);
      t.basis.erase(t.basis.begin() + i);
      for (auto& c : t.column) c.erase(c.begin() + i);
      t.rhs.erase(t.rhs.begin() + i);
      rhs.erase(rhs.begin() + i);
      --t.m;
    }
    m = t.m;
    t.refactor();
    for (int j = n + extra; j < t.cols; ++j) t.allowed[static_cast<std::size_t>(j)] = false;
  }
  // Phase 2: reduced costs of the real objective in the current basis.
  std::fill(t.cost.begin(), t.cost.end(), 0.0);
  for (int j = 0; j < n; ++j) t.cost[static_cast<std::size_t>(j)] = lp.cost[static_cast<std::size_t>(j)];
  std::fill(t.d.begin(), t.d.end(), 0.0);
  for (int j = 0; j < n; ++j) t.d[static_cast<std::size_t>(j)] = lp.cost[static_cast<std::size_t>(j)];
  for (int i = 0; i < m; ++i) {
    const int b = t.basis[static_cast<std::size_t>(i)];
    const double cb = b < n ? lp.cost[static_cast<std::size_t>(b)] : 0.0;
    if (cb == 0) continue;
    for (int j = 0; j <= t.cols; ++j) t.d[static_cast<std::size_t>(j)] -= cb * t.a[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
  }
  if (!t.optimise()) throw std::runtime_error("linear program: unbounded");

  // Re-solve B x_B = rhs from the standard-form columns (Gaussian elimination, partial pivoting).
  std::vector<std::vector<double>> B(static_cast<std::size_t>(m), std::vector<double>(static_cast<std::size_t>(m + 1)));
  for (int i = 0; i < m; ++i) {
    for (int k = 0; k < m; ++k)
      B[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] =
          column[static_cast<std::size_t>(t.basis[static_cast<std::size_t>(k)])][static_cast<std::size_t>(i)];
    B[static_cast<std::size_t>(i)][static_cast<std::size_t>(m)] = rhs[static_cast<std::size_t>(i)];
  }
  for (int k = 0; k < m; ++k) {
    int p = k;
    for (int i = k + 1; i < m; ++i)
      if (std::abs(B[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]) >
          std::abs(B[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)]))
        p = i;
    std::swap(B[static_cast<std::size_t>(k)], B[static_cast<std::size_t>(p)]);
    const double piv = B[static_cast<std::size_t>(k)][static_cast<std::size_t>(k)];
    if (piv == 0) throw std::runtime_error("linear program: singular basis");
    for (int i = k + 1; i < m; ++i) {
      const double f = B[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] / piv;
      if (f == 0) continue;
      for (int j = k; j <= m; ++j)
        B[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] -= f * B[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)];
    }
  }
  std::vector<double> xb(static_cast<std::size_t>(m));
  for (int k = m; k-- > 0;) {
    double s = B[static_cast<std::size_t>(k)][static_cast<std::size_t>(m)];
    for (int j = k + 1; j < m; ++j) s -= B[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)] * xb[static_cast<std::size_t>(j)];
    xb[static_cast<std::size_t>(k)] = s / B[static_cast<std::size_t>(k)][static_cast<std::size_t>(k)];
  }
  LpSolution out;
  out.x.assign(static_cast<std::size_t>(n), 0.0);
  for (int k = 0; k < m; ++k) {
    const int b = t.basis[static_cast<std::size_t>(k)];
    if (b < n) out.x[static_cast<std::size_t>(b)] = std::max(0.0, xb[static_cast<std::size_t>(k)]);
  }
  for (int j = 0; j < n; ++j) out.objective += lp.cost[static_cast<std::size_t>(j)] * out.x[static_cast<std::size_t>(j)];
  return out;
}

}  // namespace mpnsim
